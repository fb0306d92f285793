import type { SocialProvider } from '@ray/shared/constants';
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
