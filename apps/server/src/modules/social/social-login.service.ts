import { createHash } from 'node:crypto';
import { errors as joseErrors, type JWTPayload } from 'jose';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { AuthResponse } from '@ray/shared/schemas/auth';
import { oauthFlows } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitAddress } from '../../lib/rate-limiter';
import { hashToken } from '../../lib/tokens';
import { startSession, type ClientInfo } from '../account/account.service';
import type { ProviderConfig, ProviderProfile } from './providers';
import {
  accountFor,
  enabledProvider,
  profileFromAccessToken,
  PROVIDER_TIMEOUT_MS,
  SocialSignInError,
  verifyIdToken,
} from './social.service';

/** Native sign-ins per address, as many as password sign-ins allow. */
const NATIVE_LIMIT = { max: 20, windowSeconds: 5 * 60 };

const refused = (message: string) => new AppError('UNAUTHORIZED', { message });

/** Which check an ID token failed, in the words the app shows. */
function idTokenRefusal(error: unknown): AppError {
  if (error instanceof joseErrors.JWTExpired) return refused(serverMsg.socialTokenExpired);
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return refused(serverMsg.socialTokenAudience);
    if (error.claim === 'iss') return refused(serverMsg.socialTokenIssuer);
    return refused(serverMsg.socialTokenInvalid);
  }
  if (
    error instanceof joseErrors.JWSSignatureVerificationFailed ||
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JWKSMultipleMatchingKeys
  )
    return refused(serverMsg.socialTokenForged);
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid)
    return new AppError('SERVICE_UNAVAILABLE', { message: serverMsg.socialProviderUnreachable });
  if (error instanceof joseErrors.JOSEError) return refused(serverMsg.socialTokenInvalid);
  // The JWKS could not be fetched at all (network failure).
  return new AppError('SERVICE_UNAVAILABLE', { message: serverMsg.socialProviderUnreachable });
}

/**
 * The nonce the app sent to the provider must be the one in the token. Apple's SDK signs the SHA-256 (hex) of the
 * app's nonce; Google signs the nonce as given.
 */
function nonceMatches(config: ProviderConfig, payload: JWTPayload, nonce: string): boolean {
  const expected = config.provider === 'apple' ? createHash('sha256').update(nonce).digest('hex') : nonce;
  return payload.nonce === expected;
}

/**
 * An ID token is accepted once: its `jti` (or, without one, the hash of the whole token) is recorded in the
 * database until the token expires, so a replay is refused by every instance. Answers false for a replay.
 */
async function spendIdToken(
  ctx: AppContext,
  config: ProviderConfig,
  idToken: string,
  payload: JWTPayload,
): Promise<boolean> {
  const key =
    typeof payload.jti === 'string' ? `jti:${payload.iss ?? ''}:${payload.jti}` : `token:${idToken}`;
  // verifyIdToken requires `exp`: the record lasts exactly as long as the token would be accepted.
  const expiresAt = (payload.exp ?? 0) * 1000;
  const inserted = await ctx.database.db
    .insert(oauthFlows)
    .values({
      kind: 'id_token',
      keyHash: hashToken(key),
      provider: config.provider,
      usedAt: new Date(),
      expiresAt: new Date(Math.max(expiresAt, Date.now())),
    })
    .onConflictDoNothing()
    .returning({ id: oauthFlows.id });
  return inserted.length === 1;
}

async function profileFromNativeIdToken(
  ctx: AppContext,
  config: ProviderConfig,
  idToken: string,
  nonce: string | undefined,
): Promise<ProviderProfile> {
  let payload: JWTPayload;
  try {
    payload = await verifyIdToken(config, idToken, config.audiences);
  } catch (error) {
    const refusal = idTokenRefusal(error);
    if (refusal.statusCode >= 500)
      ctx.logger.warn({ err: error, provider: config.provider }, 'provider keys unreachable');
    throw refusal;
  }
  if (nonce !== undefined && !nonceMatches(config, payload, nonce))
    throw new AppError('BAD_REQUEST', { message: serverMsg.socialTokenNonce });
  const profile = config.profile(payload);
  if (!profile) throw refused(serverMsg.socialTokenInvalid);
  if (!(await spendIdToken(ctx, config, idToken, payload))) throw refused(serverMsg.socialTokenReplayed);
  return profile;
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/**
 * Asks the provider which app the access token was issued to. A token accepted on its profile alone would let any
 * other app its user signed in to (holding a token of the same user) sign in here as that user. Answers the user
 * id the provider names for the token, or null when the token is not ours or not valid.
 */
async function accessTokenOwner(config: ProviderConfig, accessToken: string): Promise<string | null> {
  const tokenInfo = config.tokenInfo;
  if (!tokenInfo) return null;
  const secret = await config.clientSecret();
  if (tokenInfo.kind === 'facebook') {
    const url = new URL(tokenInfo.url);
    url.searchParams.set('input_token', accessToken);
    url.searchParams.set('access_token', `${config.clientId}|${secret}`);
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (response.status >= 500) throw new Error(`debug_token answered ${response.status}`);
    const body = (await response.json().catch(() => null)) as {
      data?: { app_id?: unknown; is_valid?: unknown; user_id?: unknown };
    } | null;
    const data = body?.data;
    if (!response.ok || !data || data.is_valid !== true) return null;
    if (typeof data.app_id !== 'string' || !config.audiences.includes(data.app_id)) return null;
    return typeof data.user_id === 'string' ? data.user_id : null;
  }
  // GitHub: only the OAuth app itself may check its tokens, authenticating with its id and secret.
  const response = await fetch(tokenInfo.url.replace('{client_id}', encodeURIComponent(config.clientId)), {
    method: 'POST',
    headers: {
      authorization: basic(config.clientId, secret),
      accept: 'application/vnd.github+json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ access_token: accessToken }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (response.status >= 500) throw new Error(`token check answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as {
    app?: { client_id?: unknown };
    user?: { id?: unknown };
  } | null;
  if (!response.ok || body?.app?.client_id !== config.clientId) return null;
  const userId = body.user?.id;
  return typeof userId === 'number' || typeof userId === 'string' ? String(userId) : null;
}

async function profileFromNativeAccessToken(
  ctx: AppContext,
  config: ProviderConfig,
  accessToken: string,
): Promise<ProviderProfile> {
  // X and Snapchat offer no way to ask which app a token was issued to, so their tokens cannot be told apart from
  // those of any other app: those providers sign in through the web flow (with state and PKCE) only.
  if (!config.tokenInfo)
    throw new AppError('BAD_REQUEST', { message: serverMsg.socialAccessTokenUnsupported });
  let owner: string | null;
  let profile: ProviderProfile | null;
  try {
    owner = await accessTokenOwner(config, accessToken);
    profile = owner === null ? null : await profileFromAccessToken(config, accessToken);
  } catch (error) {
    ctx.logger.warn({ err: error, provider: config.provider }, 'provider token check unreachable');
    throw new AppError('SERVICE_UNAVAILABLE', { message: serverMsg.socialProviderUnreachable });
  }
  if (owner === null) throw refused(serverMsg.socialTokenAudience);
  // The profile must be the one of the user the token was issued for.
  if (!profile || profile.subject !== owner) throw refused(serverMsg.socialTokenInvalid);
  return profile;
}

/**
 * POST /api/account/social-login: a native app signed in with the provider's SDK. The token is verified with the
 * provider, then the account is found or created exactly as after the web flow.
 */
export async function socialLogin(
  ctx: AppContext,
  payload: {
    provider: string;
    idToken?: string | undefined;
    accessToken?: string | undefined;
    nonce?: string | undefined;
  },
  client: ClientInfo,
): Promise<AuthResponse> {
  const wait = await ctx.limiter.take([{ key: `social:native:${limitAddress(client.ip)}`, ...NATIVE_LIMIT }]);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', { message: serverMsg.tooManyLoginAttempts, retryAfterSeconds: wait });
  const config = enabledProvider(ctx, payload.provider);

  let profile: ProviderProfile;
  if (config.idToken) {
    // Google and Apple: only a signed ID token proves who signed in and for which app.
    if (payload.idToken === undefined)
      throw AppError.field('BAD_REQUEST', 'idToken', serverMsg.socialIdTokenRequired);
    profile = await profileFromNativeIdToken(ctx, config, payload.idToken, payload.nonce);
  } else {
    if (payload.accessToken === undefined)
      throw AppError.field('BAD_REQUEST', 'accessToken', msg.socialTokenRequired);
    profile = await profileFromNativeAccessToken(ctx, config, payload.accessToken);
  }

  try {
    const user = await accountFor(ctx, config, profile);
    return await startSession(ctx, user, true, client, msg.loginSuccess);
  } catch (error) {
    if (error instanceof SocialSignInError)
      throw new AppError('SERVICE_UNAVAILABLE', { message: msg.callbackProcessing });
    throw error;
  }
}
