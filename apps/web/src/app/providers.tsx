import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import { AppGate } from './app-gate';

export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppGate />
      <Toaster />
    </QueryClientProvider>
  );
}
