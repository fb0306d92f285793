import { useNavigate } from 'react-router';

/** Position of the current entry in this tab's in-app history, as React Router records it. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number'
    ? state.idx
    : 0;
}

/**
 * Back to the previous page of the app, or to `fallback` when there is none (the page was opened directly, or
 * everything before it was replaced), so "back" never leaves the site or reloads it.
 */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  return () => {
    if (historyIndex() > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}
