function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Start-up token check of spec section 4: a token of three dot-separated parts is valid while its `exp` claim is
 * in the future; an opaque token without dots counts as valid and is left to the server to judge.
 */
export function isAccessTokenValid(token: string, now: number = Date.now()): boolean {
  if (token.length === 0) return false;
  const parts = token.split('.');
  if (parts.length === 1) return true;
  if (parts.length !== 3) return false;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1] ?? ''));
    if (typeof payload !== 'object' || payload === null || !('exp' in payload)) return false;
    const { exp } = payload;
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}
