import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RenderTimeContext } from '@/hooks/use-now';
import type { AppRouter } from './app-gate';
import { AppProviders } from './providers';

/** The whole app, the same tree in the browser and on the server, so a server-rendered page hydrates as is. */
export function AppRoot({
  Router,
  client,
  renderedAt = null,
}: {
  Router: AppRouter;
  client?: QueryClient;
  renderedAt?: number | null;
}) {
  return (
    <StrictMode>
      <RenderTimeContext value={renderedAt}>
        <AppProviders Router={Router} {...(client ? { client } : {})} />
      </RenderTimeContext>
    </StrictMode>
  );
}
