/**
 * The secret of an external sign-in, kept in this tab only. The server refuses to finish a sign-in without the
 * secret its start was given, so a link carrying someone else's hand-over cannot sign a visitor into another
 * person's account (login CSRF).
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

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Starts a sign-in in this tab and answers the secret to send with its start. */
export function markExternalSignIn(now = Date.now(), storage = tabStorage()): string {
  const binding = randomSecret();
  storage?.setItem(KEY, JSON.stringify({ binding, at: now }));
  return binding;
}

/** The secret of the sign-in started in this tab, if one is waiting; the wait ends either way. */
export function takeExternalSignIn(now = Date.now(), storage = tabStorage()): string | null {
  const raw = storage?.getItem(KEY) ?? null;
  storage?.removeItem(KEY);
  try {
    const { binding, at } = JSON.parse(raw ?? 'null') as { binding?: unknown; at?: unknown };
    if (typeof binding !== 'string' || typeof at !== 'number' || now - at > MAX_AGE_MS) return null;
    return binding;
  } catch {
    return null;
  }
}
