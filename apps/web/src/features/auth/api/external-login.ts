import type { SocialProvider } from '@ray/shared/constants';
import type { AuthResponse } from '@ray/shared/schemas/auth';
import { ApiError, identityApi } from '@/lib/api-client';

/** Asks the identity service where to send the browser for a provider's sign-in. */
export async function getExternalLoginUrl(provider: SocialProvider, returnUrl: string): Promise<string> {
  const answer = await identityApi.get<{ url?: unknown }>(
    `/api/account/external-login/${encodeURIComponent(provider)}`,
    {
      query: { returnUrl },
    },
  );
  if (typeof answer.url !== 'string' || answer.url.length === 0) throw new ApiError(502, 'BAD_GATEWAY', '');
  return answer.url;
}

/** Exchanges the single-use hand-over the identity service put in the callback address for the tokens. */
export function redeemOAuthSession(session: string): Promise<AuthResponse> {
  return identityApi.get<AuthResponse>(`/api/account/oauth-session/${encodeURIComponent(session)}`, {
    auth: false,
  });
}

/** For a provider that came back to the page itself with a code and a state. */
export function exchangeExternalCode(code: string, state: string): Promise<AuthResponse> {
  return identityApi.post<AuthResponse>(
    '/api/account/external-login-callback',
    { code, state },
    { auth: false },
  );
}
