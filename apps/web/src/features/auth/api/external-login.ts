import type { SocialProvider } from '@ray/shared/constants';
import type { AuthResponse } from '@ray/shared/schemas/auth';
import { ApiError, identityApi } from '@/lib/api-client';

/** Asks the identity service where to send the browser for a provider's sign-in. */
export async function getExternalLoginUrl(
  provider: SocialProvider,
  returnUrl: string,
  binding: string,
): Promise<string> {
  const answer = await identityApi.get<{ url?: unknown }>(
    `/api/account/external-login/${encodeURIComponent(provider)}`,
    {
      query: { returnUrl, binding },
    },
  );
  if (typeof answer.url !== 'string' || answer.url.length === 0) throw new ApiError(502, 'BAD_GATEWAY', '');
  return answer.url;
}

/**
 * Exchanges the single-use hand-over the identity service put in the callback address for the tokens, proving
 * with the sign-in's secret that this browser started it.
 */
export function redeemOAuthSession(session: string, binding: string): Promise<AuthResponse> {
  return identityApi.get<AuthResponse>(`/api/account/oauth-session/${encodeURIComponent(session)}`, {
    auth: false,
    headers: { 'x-sign-in-binding': binding },
  });
}

/** For a provider that came back to the page itself with a code and a state. */
export function exchangeExternalCode(code: string, state: string, binding: string): Promise<AuthResponse> {
  return identityApi.post<AuthResponse>(
    '/api/account/external-login-callback',
    { code, state, binding },
    { auth: false },
  );
}
