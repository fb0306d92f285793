import { TOAST_DURATION_MS } from '@ray/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';
import { AppGate } from './app-gate';

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppGate />
      <Toaster
        dir="rtl"
        position="top-center"
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
        toastOptions={{ className: 'font-sans' }}
      />
    </QueryClientProvider>
  );
}
