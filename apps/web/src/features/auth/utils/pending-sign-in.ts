/**
 * A mark, kept in this tab only, that the visitor started an external sign-in here. The callback page accepts
 * a sign-in only with it, so a link that carries someone else's hand-over or tokens cannot sign a visitor into
 * another person's account (login CSRF).
 */
const KEY = 'ray.pendingExternalSignIn';
/** As long as the server keeps the state of the round trip. */
const MAX_AGE_MS = 10 * 60_000;

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStorage(): TabStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function markExternalSignIn(now = Date.now(), storage = tabStorage()): void {
  storage?.setItem(KEY, String(now));
}

/** Whether a sign-in started in this tab is waiting, ending the wait either way. */
export function takeExternalSignIn(now = Date.now(), storage = tabStorage()): boolean {
  const started = Number(storage?.getItem(KEY));
  storage?.removeItem(KEY);
  return Number.isFinite(started) && started > 0 && now - started <= MAX_AGE_MS;
}
