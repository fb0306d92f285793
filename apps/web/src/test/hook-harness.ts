import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { vi } from 'vitest';

/*
 * What hook tests share: a real QueryClient, and a fake server at the `fetch` boundary whose answers the test
 * gives one at a time, so it can look at the cache while a request is still on its way.
 */

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function queryWrapper(queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return createElement(QueryClientProvider, { client: queryClient }, children);
  };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ServerRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs `fetch`: every request to `/api/...` waits until `answer` is called, while anything else the app sends
 * on its own (analytics batches) gets an empty 204 so it never takes an answer meant for the request under test.
 */
export function stubServer() {
  const requests: ServerRequest[] = [];
  const waiting: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(url, 'http://localhost').pathname;
      if (path.startsWith('/api/analytics/')) return Promise.resolve(new Response(null, { status: 204 }));
      requests.push({
        method: init?.method ?? 'GET',
        path,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      return new Promise<Response>((resolve) => {
        waiting.push(resolve);
      });
    }),
  );
  return {
    requests,
    /** Answers the oldest request still waiting. */
    answer(response: Response) {
      const next = waiting.shift();
      if (!next) throw new Error('No request is waiting for an answer');
      next(response);
    },
  };
}
