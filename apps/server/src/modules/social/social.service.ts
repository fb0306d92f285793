import { randomInt } from 'node:crypto';
import {
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { MOBILE_APP_SCHEME, type SocialProvider } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { AuthResponse } from '@ray/shared/schemas/auth';
import type { Executor } from '../../db/client';
import { oauthFlows, socialAccounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitAddress } from '../../lib/rate-limiter';
import { uniqueViolation } from '../../lib/db-errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { startSession, type ClientInfo } from '../account/account.service';
import { insertUser, type UserRow } from '../users/users.repository';
import type { ProviderConfig, ProviderProfile } from './providers';

const STATE_TTL_MS = 10 * 60_000;
/** The hand-over between the callback redirect and the page that redeems it takes a second; two minutes is ample. */
const SESSION_TTL_MS = 2 * 60_000;
export const PROVIDER_TIMEOUT_MS = 10_000;
const START_LIMIT = { max: 30, windowSeconds: 60 };

/** Why a sign-in round trip failed, as passed to /login/callback?error=… and shown there in Arabic. */
export type CallbackFailure = 'access_denied' | 'invalid_state' | 'user_info' | 'server_error';

export class SocialSignInError extends Error {
  constructor(
    readonly reason: CallbackFailure,
    readonly returnUrl: string | null = null,
  ) {
    super(reason);
    this.name = 'SocialSignInError';
  }
}

export function callbackPage(ctx: AppContext): string {
  return new URL('/login/callback', ctx.env.PUBLIC_URL).toString();
}

/** Where every provider sends the browser back: one address to register with each of them. */
export function redirectUri(ctx: AppContext): string {
  return new URL('/api/account/external-login-callback', ctx.env.PUBLIC_URL).toString();
}

export function enabledProvider(ctx: AppContext, provider: string): ProviderConfig {
  const config = ctx.env.socialProviders.find((item) => item.provider === provider);
  if (!config) throw new AppError('NOT_FOUND', { message: serverMsg.socialProviderUnavailable });
  return config;
}

/**
 * Only pages of this site (or of a configured web origin) may receive a sign-in hand-over, or the mobile app
 * through its own address scheme (ray://…) when it started the sign-in without a browser binding.
 */
function allowedReturnUrl(ctx: AppContext, returnUrl: string | undefined, appScheme: boolean): string {
  if (!returnUrl) return callbackPage(ctx);
  let url: URL;
  try {
    url = new URL(returnUrl, ctx.env.PUBLIC_URL);
  } catch {
    throw AppError.field('BAD_REQUEST', 'returnUrl', serverMsg.socialReturnUrlInvalid);
  }
  if (appScheme && url.protocol === `${MOBILE_APP_SCHEME}:`) return url.toString();
  const origins = new Set([new URL(ctx.env.PUBLIC_URL).origin, ...ctx.env.CORS_ORIGINS]);
  if (!origins.has(url.origin))
    throw AppError.field('BAD_REQUEST', 'returnUrl', serverMsg.socialReturnUrlInvalid);
  return url.toString();
}

/** arctic's generic client, aimed at our endpoint table so the per-provider overrides keep working. */
function oauthClient(
  ctx: AppContext,
  config: ProviderConfig,
  clientSecret: string | null = null,
): OAuth2Client {
  return new OAuth2Client(config.clientId, clientSecret, redirectUri(ctx));
}

/**
 * What proves, at the end, that the one finishing a sign-in is the one who started it:
 * - `binding`: the web app's secret, kept by the starting tab and sent again to redeem (the hand-over link alone is
 *   useless);
 * - `codeChallenge`: a client that keeps no binding (the mobile app) may send the S256 challenge of a PKCE verifier
 *   it generated; the hand-over is then redeemed with that `code_verifier`, which never travels in a redirect;
 * - neither: a client sending only the specified parameters. The callback then makes a one-time verifier and
 *   returns it with the hand-over in the fragment of the return address, which no server or log sees; redeeming
 *   takes both.
 * A binding and a verifier are stored alike, as the SHA-256 hex of the secret (the S256 challenge is exactly that,
 * in base64url), so that every hand-over has a proof and redeeming compares hashes the same way.
 */
export type StartProof = { binding: string } | { codeChallenge: string } | null;

function proofHash(proof: StartProof): string | null {
  if (proof === null) return null;
  if ('binding' in proof) return hashToken(proof.binding);
  return Buffer.from(proof.codeChallenge, 'base64url').toString('hex');
}

/** The provider's authorisation address, with a fresh state (and PKCE where supported) remembered server-side. */
export async function startExternalLogin(
  ctx: AppContext,
  provider: string,
  options: { returnUrl?: string | undefined; ip: string; scopes?: string[] | undefined; proof: StartProof },
): Promise<string> {
  const config = enabledProvider(ctx, provider);
  const bound = options.proof !== null && 'binding' in options.proof;
  const returnUrl = allowedReturnUrl(ctx, options.returnUrl, !bound);
  const wait = await ctx.limiter.take([{ key: `social:start:${limitAddress(options.ip)}`, ...START_LIMIT }]);
  if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });

  const state = generateState();
  const verifier = config.pkce ? generateCodeVerifier() : null;
  const db = ctx.database.db;
  await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(oauthFlows).values({
    kind: 'state',
    keyHash: hashToken(state),
    provider: config.provider,
    codeVerifier: verifier,
    bindingHash: proofHash(options.proof),
    returnUrl,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });

  // A caller may narrow the scopes, never widen them beyond what the product asks of the provider.
  const narrowed = options.scopes?.filter((scope) => config.scopes.includes(scope)) ?? [];
  const scopes = narrowed.length > 0 ? narrowed : config.scopes;
  const client = oauthClient(ctx, config);
  const url = verifier
    ? client.createAuthorizationURLWithPKCE(
        config.authorizeUrl,
        state,
        CodeChallengeMethod.S256,
        verifier,
        scopes,
      )
    : client.createAuthorizationURL(config.authorizeUrl, state, scopes);
  for (const [key, value] of Object.entries(config.extraParams ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * A state is good once, for its own provider round trip, within ten minutes. Handed over directly (not by the
 * provider's redirect), it also needs the proof of whoever started it (`proof` a string: the binding or PKCE
 * verifier), or, for a sign-in started without one (`proof` null), code and state are the proof.
 */
async function consumeState(db: Executor, state: string, proof: string | null | undefined) {
  const [row] = await db
    .update(oauthFlows)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthFlows.kind, 'state'),
        eq(oauthFlows.keyHash, hashToken(state)),
        isNull(oauthFlows.usedAt),
        gt(oauthFlows.expiresAt, sql`now()`),
        proof === undefined
          ? undefined
          : proof === null
            ? isNull(oauthFlows.bindingHash)
            : eq(oauthFlows.bindingHash, hashToken(proof)),
      ),
    )
    .returning();
  return row;
}

/** The provider failing is not the caller's doing; a refused code (replayed, expired, for another client) is. */
function refusal(status: number): SocialSignInError {
  return new SocialSignInError(status >= 500 || status === 429 ? 'server_error' : 'invalid_state');
}

/**
 * The token request of a provider taking its client secret in the form (client_secret_post). arctic's generic
 * client cannot send it: holding a secret, it always authenticates with HTTP Basic, which Facebook and Apple do
 * not accept; so this exchange stays our own request, answered as arctic's tokens.
 */
async function postSecretInForm(
  config: ProviderConfig,
  redirect: string,
  code: string,
  verifier: string | null,
): Promise<OAuth2Tokens> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect });
  if (verifier) body.set('code_verifier', verifier);
  body.set('client_id', config.clientId);
  body.set('client_secret', await config.clientSecret());
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw refusal(response.status);
  }
  return new OAuth2Tokens((await response.json().catch(() => ({}))) as object);
}

/** arctic's requests take no abort signal; the provider keeps the same ten seconds to answer before we give up. */
async function withinProviderTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error('provider did not answer in time'));
    }, PROVIDER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Exchanges the code at the provider's token endpoint. A refusal becomes a SocialSignInError; an unreachable
 * provider (network failure, timeout) is thrown as is, to be logged and answered as a server error.
 */
async function exchangeCode(
  ctx: AppContext,
  config: ProviderConfig,
  code: string,
  verifier: string | null,
): Promise<OAuth2Tokens> {
  let tokens: OAuth2Tokens;
  if (config.clientAuth === 'body') {
    tokens = await postSecretInForm(config, redirectUri(ctx), code, verifier);
  } else {
    // arctic sends the credentials in the Basic header without form-encoding them first; X's client ids and
    // secrets are letters, digits, "-" and "_", which that encoding leaves as they are.
    try {
      tokens = await withinProviderTimeout(
        oauthClient(ctx, config, await config.clientSecret()).validateAuthorizationCode(
          config.tokenUrl,
          code,
          verifier,
        ),
      );
    } catch (error) {
      if (error instanceof OAuth2RequestError) throw new SocialSignInError('invalid_state');
      if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError) {
        // A success without a readable body carries no profile to read.
        if (error.status === 200) throw new SocialSignInError('user_info');
        throw refusal(error.status);
      }
      throw error;
    }
  }
  // GitHub answers a refused code with a 200 and an error field.
  const data = tokens.data as Record<string, unknown> | null;
  if (typeof data?.error === 'string') throw new SocialSignInError('invalid_state');
  return tokens;
}

/** A token the answer lacks reads as no profile, not as a crash. */
function tokenOf(read: () => string): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}

const jwksCache = new Map<string, JWTVerifyGetKey>();

/**
 * Verifies a provider's ID token: signed by a key of the provider's JWKS, from its issuer, for one of the given
 * audiences (our client ids), carrying an expiry and not expired. Throws jose's errors, which say which check failed.
 */
export async function verifyIdToken(
  config: ProviderConfig,
  idToken: string,
  audiences: string[],
): Promise<JWTPayload> {
  if (!config.idToken) throw new Error(`${config.provider} issues no ID tokens`);
  const { jwksUrl, issuers } = config.idToken;
  let keys = jwksCache.get(jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    jwksCache.set(jwksUrl, keys);
  }
  const { payload } = await jwtVerify(idToken, keys, {
    issuer: issuers,
    audience: audiences,
    requiredClaims: ['exp', 'sub'],
  });
  return payload;
}

async function profileFromIdToken(
  config: ProviderConfig,
  idToken: string | null,
): Promise<ProviderProfile | null> {
  if (idToken === null) return null;
  try {
    return config.profile(await verifyIdToken(config, idToken, [config.clientId]));
  } catch {
    return null;
  }
}

/** The profile behind an access token, from the provider's profile endpoint; null when it refuses the token. */
export async function profileFromAccessToken(
  config: ProviderConfig,
  accessToken: string,
): Promise<ProviderProfile | null> {
  if (!config.userInfoUrl) return null;
  const response = await fetch(config.userInfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return config.profile(await response.json().catch(() => null));
}

async function fetchProfile(config: ProviderConfig, tokens: OAuth2Tokens) {
  if (config.profileFromIdToken) {
    const idToken = tokenOf(() => tokens.idToken());
    return profileFromIdToken(config, idToken);
  }
  const accessToken = tokenOf(() => tokens.accessToken());
  return accessToken === null ? null : profileFromAccessToken(config, accessToken);
}

/** "Sara Al-Harbi" → first "Sara", last "Al-Harbi"; names too short for the profile rules fall back. */
function splitName(name: string | null, fallback: string): { firstName: string; lastName: string } {
  const trimmed = (name ?? '').trim().replace(/\s+/g, ' ').slice(0, 100);
  const space = trimmed.indexOf(' ');
  const firstName = space === -1 ? trimmed : trimmed.slice(0, space);
  const lastName = space === -1 ? '' : trimmed.slice(space + 1);
  return firstName.length >= 2 ? { firstName, lastName } : { firstName: fallback, lastName: '' };
}

/**
 * The account of a provider identity. Linking goes by the provider's subject id only: an existing account is
 * never taken over because the provider reports the same address, and a new account only keeps the address
 * when it is verified and free.
 */
export async function accountFor(
  ctx: AppContext,
  config: ProviderConfig,
  profile: ProviderProfile,
): Promise<UserRow> {
  const db = ctx.database.db;
  for (let attempt = 0; attempt < 4; attempt++) {
    const [linked] = await db
      .select({ user: users })
      .from(socialAccounts)
      .innerJoin(users, eq(users.id, socialAccounts.userId))
      .where(and(eq(socialAccounts.provider, config.provider), eq(socialAccounts.subject, profile.subject)));
    if (linked) return linked.user;

    const emailFree =
      profile.email !== null &&
      !(await db.query.users.findFirst({ where: eq(users.email, profile.email), columns: { id: true } }));
    const email = emailFree ? profile.email : null;
    const username = `${config.provider.slice(0, 8)}${randomInt(100_000, 1_000_000_000)}`;
    try {
      return await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email,
          username,
          usernameKey: username.toLowerCase(),
          passwordHash: null,
          ...splitName(profile.name, config.label),
          // The provider kept the address only because it confirmed it (providers.ts), as our link would.
          emailVerifiedAt: email ? new Date() : null,
          // Roles come from ADMIN_EMAILS for an address confirmed by our own mail, or from an admin; never from
          // a provider's word.
          role: 'user',
        });
        await tx.insert(socialAccounts).values({
          provider: config.provider,
          subject: profile.subject,
          userId: user.id,
          email: profile.email,
        });
        return user;
      });
    } catch (error) {
      // Another request linked the same identity, or took the address or the generated name: look again.
      if (!uniqueViolation(error)) throw error;
    }
  }
  throw new SocialSignInError('server_error');
}

/**
 * Verifies the state, exchanges the code and finds or creates the account. Failures carry the page to return to
 * when the state was good, so the browser can be sent back with an error.
 */
export async function completeExternalLogin(
  ctx: AppContext,
  answer: {
    code?: string | undefined;
    state?: string | undefined;
    error?: string | undefined;
  },
  /** Absent for the provider's redirect; for a direct hand-over, the binding or verifier, or null without one. */
  proof?: string | null,
): Promise<{ user: UserRow; returnUrl: string; provider: SocialProvider; bindingHash: string | null }> {
  const flow = answer.state ? await consumeState(ctx.database.db, answer.state, proof) : undefined;
  if (!flow) throw new SocialSignInError('invalid_state');
  const returnUrl = flow.returnUrl ?? callbackPage(ctx);
  const config = ctx.env.socialProviders.find((item) => item.provider === flow.provider);
  if (!config) throw new SocialSignInError('server_error', returnUrl);
  if (answer.error || !answer.code) throw new SocialSignInError('access_denied', returnUrl);

  let profile: ProviderProfile | null;
  try {
    profile = await fetchProfile(config, await exchangeCode(ctx, config, answer.code, flow.codeVerifier));
  } catch (error) {
    if (error instanceof SocialSignInError) throw new SocialSignInError(error.reason, returnUrl);
    ctx.logger.warn({ err: error, provider: config.provider }, 'social sign-in provider unreachable');
    throw new SocialSignInError('server_error', returnUrl);
  }
  if (!profile) throw new SocialSignInError('user_info', returnUrl);
  return {
    user: await accountFor(ctx, config, profile),
    returnUrl,
    provider: config.provider,
    bindingHash: flow.bindingHash,
  };
}

/** A single-use handle, good for two minutes, that the callback page exchanges for the tokens. */
export async function createHandover(
  ctx: AppContext,
  user: UserRow,
  provider: SocialProvider,
  bindingHash: string | null,
): Promise<string> {
  const handle = randomToken();
  await ctx.database.db.insert(oauthFlows).values({
    kind: 'session',
    keyHash: hashToken(handle),
    bindingHash,
    provider,
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return handle;
}

/**
 * The hand-over works once, within two minutes, and only with the proof of whoever started the sign-in: the
 * binding of the browser, or the PKCE verifier of the app (its own, or the one-time one of the return address).
 */
export async function redeemHandover(
  ctx: AppContext,
  handle: string,
  proof: string,
  client: ClientInfo,
): Promise<AuthResponse> {
  const db = ctx.database.db;
  const [flow] = await db
    .update(oauthFlows)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthFlows.kind, 'session'),
        eq(oauthFlows.keyHash, hashToken(handle)),
        eq(oauthFlows.bindingHash, hashToken(proof)),
        isNull(oauthFlows.usedAt),
        gt(oauthFlows.expiresAt, sql`now()`),
      ),
    )
    .returning();
  const user = flow?.userId
    ? await db.query.users.findFirst({ where: eq(users.id, flow.userId) })
    : undefined;
  if (!user) throw new AppError('BAD_REQUEST', { message: serverMsg.socialSessionInvalid });
  return startSession(ctx, user, true, client, msg.loginSuccess);
}

/** The page to send the browser to after the provider's answer: a hand-over on success, a reason otherwise. */
export async function callbackRedirect(
  ctx: AppContext,
  answer: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<string> {
  try {
    const { user, returnUrl, provider, bindingHash } = await completeExternalLogin(ctx, answer);
    const target = new URL(returnUrl);
    if (bindingHash === null) {
      // Started without a proof: the one-time verifier goes back in the fragment, which stays on the device.
      const verifier = randomToken();
      target.searchParams.set('session', await createHandover(ctx, user, provider, hashToken(verifier)));
      target.hash = new URLSearchParams({ code_verifier: verifier }).toString();
    } else {
      target.searchParams.set('session', await createHandover(ctx, user, provider, bindingHash));
    }
    return target.toString();
  } catch (error) {
    const reason = error instanceof SocialSignInError ? error.reason : 'server_error';
    if (!(error instanceof SocialSignInError)) ctx.logger.error({ err: error }, 'social sign-in failed');
    const target = new URL(
      error instanceof SocialSignInError && error.returnUrl ? error.returnUrl : callbackPage(ctx),
    );
    target.searchParams.set('error', reason);
    return target.toString();
  }
}
