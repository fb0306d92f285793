import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that the browser takes over on its own, after the parts around it: React
 * hydrates each Suspense boundary separately, at low priority and yielding between them, so taking over a long
 * page never holds the main thread for long (and a part the user touches first is taken over first).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
