import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import { AppGate, type AppRouter } from './app-gate';

export function AppProviders({ Router, client = queryClient }: { Router: AppRouter; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AppGate Router={Router} />
      <Toaster />
    </QueryClientProvider>
  );
}
