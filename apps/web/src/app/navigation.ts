import type { NavigateFunction, NavigateOptions, To } from 'react-router';

export interface CurrentLocation {
  pathname: string;
  search: string;
  hash: string;
}

type Listener = (location: CurrentLocation) => void;

let current: CurrentLocation | null = null;
let navigateFn: NavigateFunction | null = null;
const listeners = new Set<Listener>();

/**
 * The router's location and navigate for code that runs outside React (the HTTP client's session handlers,
 * analytics). `NavigationBridge` keeps them current while the router is mounted.
 */
export function currentLocation(): CurrentLocation {
  if (current) return current;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

export function navigateTo(to: To, options?: NavigateOptions): void {
  if (navigateFn) {
    void navigateFn(to, options);
    return;
  }
  window.location.assign(
    typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`,
  );
}

export function onLocationChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishNavigation(location: CurrentLocation, navigate: NavigateFunction): void {
  navigateFn = navigate;
  const changed =
    current?.pathname !== location.pathname ||
    current.search !== location.search ||
    current.hash !== location.hash;
  current = { pathname: location.pathname, search: location.search, hash: location.hash };
  if (changed) for (const listener of listeners) listener(current);
}
