import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { socialAccounts, users } from '../../db/schema';
import { loadEnv } from '../../env';
import {
  newProviderUser,
  startOAuthProvider,
  providerEnv,
  type OAuthProvider,
  type ProviderUser,
} from '../../test/oauth-provider';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/test-app';

const google = { clientId: 'ray-google', clientSecret: 'google-secret' };
const github = { clientId: 'ray-github', clientSecret: 'github-secret' };
const x = { clientId: 'ray-x', clientSecret: 'x-secret' };
/** Apple's client secret is a JWT the server signs with the key Apple issued (here a fresh P-256 pair). */
const appleKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const apple = {
  clientId: 'ray-apple',
  signedSecret: { publicKey: appleKeys.publicKey, keyId: 'KEY123', teamId: 'TEAM456' },
};
const applePem = appleKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC_URL = 'http://ray.test';

let provider: OAuthProvider;
let t: TestApp;
/** The secret a browser keeps while it signs in (the web app makes a random one per sign-in). */
const BINDING = 'b'.repeat(43);

beforeAll(async () => {
  provider = await startOAuthProvider({ clients: [google, github, apple, x] });
  t = await createTestApp({
    PUBLIC_URL,
    ...providerEnv('GOOGLE', provider.url, google),
    ...providerEnv('GITHUB', provider.url, github),
    ...providerEnv('X', provider.url, x),
    ...providerEnv('APPLE', provider.url, { clientId: apple.clientId }),
    // As an operator writes a PEM into one line of an environment file.
    APPLE_PRIVATE_KEY: applePem.replaceAll('\n', '\\n'),
    APPLE_KEY_ID: 'KEY123',
    APPLE_TEAM_ID: 'TEAM456',
  });
});

afterAll(async () => {
  await t.close();
  await provider.close();
});

function person(overrides: Partial<ProviderUser> = {}): ProviderUser {
  return newProviderUser('نورة القحطاني', overrides);
}

async function start(name = 'google', returnUrl = `${PUBLIC_URL}/login/callback`) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/account/external-login/${name}`,
    query: { returnUrl, binding: BINDING },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
}

/** The provider's answer fed to our callback the way the browser would follow it. */
async function callback(providerRedirect: string) {
  const url = new URL(providerRedirect);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/account/external-login-callback`);
  const response = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(response.statusCode).toBe(302);
  return new URL(response.headers.location!);
}

async function redeem(session: string, binding = BINDING) {
  return t.app.inject({
    method: 'GET',
    url: `/api/account/oauth-session/${encodeURIComponent(session)}`,
    headers: { 'x-sign-in-binding': binding },
  });
}

async function signIn(user: ProviderUser, name = 'google') {
  const back = await callback(provider.approve(await start(name), user));
  const session = back.searchParams.get('session');
  expect(session, back.toString()).toBeTruthy();
  const response = await redeem(session!);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string; refreshToken: string; userId: string }>();
}

describe('starting a social sign-in', () => {
  it('lists only the configured providers in the runtime configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config/env.js' });
    expect(response.body).toContain('"socialProviders":["google","apple","twitter","github"]');
  });

  it('answers the authorisation URL with state and a PKCE challenge', async () => {
    const url = new URL(await start());
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(google.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/account/external-login-callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('answers 404 for a provider that is not configured or unknown', async () => {
    for (const name of ['facebook', 'myspace']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/account/external-login/${name}`,
        query: { binding: BINDING },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(serverMsg.socialProviderUnavailable);
    }
  });

  it('refuses to hand a sign-in over to another site', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/external-login/google',
      query: { returnUrl: 'https://evil.example/login/callback', binding: BINDING },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(serverMsg.socialReturnUrlInvalid);
  });

  it('redirects the challenge path straight to the provider', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/account/external/challenge',
      query: {
        provider: 'github',
        returnUrl: `${PUBLIC_URL}/auth/mobile/callback`,
        scopes: 'read:user repo',
        binding: BINDING,
      },
    });
    expect(response.statusCode).toBe(302);
    const url = new URL(response.headers.location!);
    expect(url.searchParams.get('client_id')).toBe(github.clientId);
    expect(url.searchParams.get('scope')).toBe('read:user');
  });
});

describe('completing a social sign-in', () => {
  it('creates an account on first sign-in and signs the same account in afterwards', async () => {
    const user = person();
    const first = await signIn(user);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(first.token) });
    expect(me.statusCode).toBe(200);
    // The provider confirmed the address, so it counts as confirmed here too.
    expect(me.json()).toMatchObject({
      firstName: 'نورة',
      lastName: 'القحطاني',
      email: user.email,
      emailVerified: true,
    });

    const second = await signIn(user);
    expect(second.userId).toBe(first.userId);
    const links = await t.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, first.userId));
    expect(links).toHaveLength(1);
  });

  it('never takes over an existing account because the provider reports its address', async () => {
    const victim = await registerUser(t.app);
    const attacker = await signIn(person({ email: victim.email, emailVerified: true }));
    expect(attacker.userId).not.toBe(victim.userId);
    const row = await t.database.db.query.users.findFirst({ where: eq(users.id, attacker.userId) });
    expect(row?.email).toBeNull();
    expect(row?.passwordHash).toBeNull();
  });

  it('does not keep an unverified address', async () => {
    const result = await signIn(person({ emailVerified: false }));
    const row = await t.database.db.query.users.findFirst({ where: eq(users.id, result.userId) });
    expect(row?.email).toBeNull();
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('reads a GitHub-shaped profile', async () => {
    const result = await signIn(person({ name: 'Fahad' }), 'github');
    const row = await t.database.db.query.users.findFirst({ where: eq(users.id, result.userId) });
    expect(row?.firstName).toBe('Fahad');
    expect(row?.username).toMatch(/^github\d+$/);
  });

  it('exchanges the code of X with the client in the Basic header and PKCE', async () => {
    const user = person({ name: 'Khalid' });
    const authorize = new URL(await start('twitter'));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await callback(provider.approve(authorize.toString(), user));
    const tokens = await redeem(back.searchParams.get('session')!);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const row = await t.database.db.query.users.findFirst({
      where: eq(users.id, tokens.json<{ userId: string }>().userId),
    });
    expect(row?.firstName).toBe('Khalid');
    expect(row?.email).toBeNull();
  });

  it('verifies the signed ID token of Apple, posted back as a form, paying with a secret signed from its key', async () => {
    const user = person();
    const redirect = new URL(provider.approve(await start('apple'), user));
    const response = await t.app.inject({
      method: 'POST',
      url: redirect.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: redirect.searchParams.toString(),
    });
    expect(response.statusCode).toBe(303);
    const session = new URL(response.headers.location!).searchParams.get('session');
    const tokens = await redeem(session!);
    expect(tokens.statusCode).toBe(200);
    const row = await t.database.db.query.users.findFirst({
      where: eq(users.id, tokens.json<{ userId: string }>().userId),
    });
    expect(row?.email).toBe(user.email);
  });

  it('sends the browser back with an error when the state does not match', async () => {
    const redirect = new URL(provider.approve(await start(), person()));
    redirect.searchParams.set('state', 'forged-state');
    const back = await callback(redirect.toString());
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/login/callback`);
    expect(back.searchParams.get('error')).toBe('invalid_state');
    expect(back.searchParams.has('session')).toBe(false);
  });

  it('answers 400 to a code and state handed over directly with a forged state', async () => {
    const redirect = new URL(provider.approve(await start(), person()));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/external-login-callback',
      payload: { code: redirect.searchParams.get('code'), state: 'forged-state', binding: BINDING },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(serverMsg.socialStateInvalid);
  });

  it('signs in with a code and state handed over directly, once', async () => {
    const redirect = new URL(provider.approve(await start(), person()));
    const payload = {
      code: redirect.searchParams.get('code'),
      state: redirect.searchParams.get('state'),
      binding: BINDING,
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/account/external-login-callback',
      payload,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ token: string }>().token).toBeTruthy();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/account/external-login-callback',
      payload,
    });
    expect(replay.statusCode).toBe(400);
  });

  it('answers 400 when a used code comes back with a fresh state', async () => {
    const user = person();
    const redirect = new URL(provider.approve(await start(), user));
    const code = redirect.searchParams.get('code')!;
    expect((await callback(redirect.toString())).searchParams.has('session')).toBe(true);

    const fresh = new URL(await start());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/external-login-callback',
      payload: { code, state: fresh.searchParams.get('state'), binding: BINDING },
    });
    expect(response.statusCode).toBe(400);
  });

  it('replaying the whole provider answer is refused', async () => {
    const redirect = provider.approve(await start(), person());
    expect((await callback(redirect)).searchParams.has('session')).toBe(true);
    expect((await callback(redirect)).searchParams.get('error')).toBe('invalid_state');
  });

  it('passes a refusal at the provider back to the page', async () => {
    const back = await callback(provider.deny(await start()));
    expect(back.searchParams.get('error')).toBe('access_denied');
  });

  it('hands the tokens over once only', async () => {
    const back = await callback(provider.approve(await start(), person()));
    const session = back.searchParams.get('session')!;
    expect((await redeem(session)).statusCode).toBe(200);
    const replay = await redeem(session);
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ message: string }>().message).toBe(serverMsg.socialSessionInvalid);
    expect((await redeem('made-up')).statusCode).toBe(400);
  });

  it('hands the tokens over only to the browser that started the sign-in', async () => {
    const back = await callback(provider.approve(await start(), person()));
    const session = back.searchParams.get('session')!;
    // A link carrying someone's hand-over is useless without their binding, and trying does not spend it.
    const stranger = await redeem(session, 'x'.repeat(43));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json<{ message: string }>().message).toBe(serverMsg.socialSessionInvalid);
    const missing = await t.app.inject({ method: 'GET', url: `/api/account/oauth-session/${session}` });
    expect(missing.statusCode).toBe(400);
    expect((await redeem(session)).statusCode).toBe(200);
  });

  it('refuses a code and state handed over directly with another binding', async () => {
    const redirect = new URL(provider.approve(await start(), person()));
    const payload = { code: redirect.searchParams.get('code'), state: redirect.searchParams.get('state') };
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/account/external-login-callback',
      payload: { ...payload, binding: 'x'.repeat(43) },
    });
    expect(stranger.statusCode).toBe(400);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/account/external-login-callback',
      payload: { ...payload, binding: BINDING },
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('a social account without a password cannot change one it does not have', async () => {
    const result = await signIn(person());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: bearer(result.token),
      payload: { currentPassword: 'anything1', newPassword: 'N3wPassword!', confirmPassword: 'N3wPassword!' },
    });
    expect(response.statusCode).toBe(400);
  });
});

/** The mobile app's address scheme, where a sign-in started without a browser binding may return. */
const APP_RETURN = 'ray://auth/callback';

/** Starts a sign-in the way the specification lists it: the mobile challenge path, and no binding. */
async function startMobile(extra: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/account/external/challenge',
    query: {
      provider: 'google',
      returnUrl: APP_RETURN,
      platform: 'ios',
      scopes: 'openid email profile',
      isMobile: 'true',
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(302);
  return response.headers.location!;
}

async function redeemWith(session: string, verifier?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/account/oauth-session/${encodeURIComponent(session)}`,
    query: verifier === undefined ? {} : { code_verifier: verifier },
  });
}

describe('a sign-in started without a browser binding (mobile app, specified parameters only)', () => {
  it('completes: the hand-over comes back with a one-time verifier in the fragment', async () => {
    const authorize = new URL(await startMobile());
    // The provider still gets state and a PKCE challenge held by the server.
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await callback(provider.approve(authorize.toString(), person()));
    expect(`${back.protocol}//${back.host}${back.pathname}`).toBe(APP_RETURN);
    const session = back.searchParams.get('session')!;
    const verifier = new URLSearchParams(back.hash.slice(1)).get('code_verifier')!;
    expect(session).toBeTruthy();
    expect(verifier).toMatch(/^[\w-]{43}$/);
    // The verifier is not in the query, which servers and logs along the way may record.
    expect(back.searchParams.get('code_verifier')).toBeNull();

    const response = await redeemWith(session, verifier);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ token?: string }>().token).toBeTruthy();
    expect((await redeemWith(session, verifier)).statusCode).toBe(400);
  });

  it('refuses a stolen session id without its verifier, and trying does not spend it', async () => {
    const back = await callback(provider.approve(await startMobile(), person()));
    const session = back.searchParams.get('session')!;
    const verifier = new URLSearchParams(back.hash.slice(1)).get('code_verifier')!;
    const bare = await redeemWith(session);
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ message: string }>().message).toBe(serverMsg.socialSessionInvalid);
    const guessed = await redeemWith(session, 'g'.repeat(43));
    expect(guessed.statusCode).toBe(400);
    // Nor does a browser binding of someone else open it.
    expect((await redeem(session)).statusCode).toBe(400);
    expect((await redeemWith(session, verifier)).statusCode).toBe(200);
  });

  it("redeems with the app's own PKCE verifier when it sent a challenge; nothing in the redirect opens it", async () => {
    const appVerifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(appVerifier).digest('base64url');
    const back = await callback(
      provider.approve(
        await startMobile({ code_challenge: challenge, code_challenge_method: 'S256', platform: 'android' }),
        person(),
      ),
    );
    const session = back.searchParams.get('session')!;
    expect(back.hash).toBe('');
    expect((await redeemWith(session)).statusCode).toBe(400);
    const response = await redeemWith(session, appVerifier);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a plain PKCE challenge', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/external-login/google',
      query: { returnUrl: APP_RETURN, code_challenge: 'c'.repeat(43), code_challenge_method: 'plain' },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(serverMsg.socialChallengeInvalid);
  });

  it('serves GET /external-login with only returnUrl, as specified', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/external-login/google',
      query: { returnUrl: `${PUBLIC_URL}/login/callback` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const back = await callback(provider.approve(response.json<{ url: string }>().url, person()));
    expect(back.origin).toBe(PUBLIC_URL);
    const session = back.searchParams.get('session')!;
    expect((await redeemWith(session)).statusCode).toBe(400);
    const verifier = new URLSearchParams(back.hash.slice(1)).get('code_verifier')!;
    expect((await redeemWith(session, verifier)).statusCode).toBe(200);
  });

  it('takes code and state handed over directly, as specified, for a sign-in started without a binding', async () => {
    const redirect = new URL(provider.approve(await startMobile(), person()));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/external-login-callback',
      payload: { code: redirect.searchParams.get('code'), state: redirect.searchParams.get('state') },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ token?: string }>().token).toBeTruthy();
  });

  it('still needs the binding for code and state of a sign-in started with one', async () => {
    const redirect = new URL(provider.approve(await start(), person()));
    const payload = { code: redirect.searchParams.get('code'), state: redirect.searchParams.get('state') };
    const bare = await t.app.inject({ method: 'POST', url: '/api/account/external-login-callback', payload });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ message: string }>().message).toBe(serverMsg.socialStateInvalid);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/account/external-login-callback',
      payload: { ...payload, binding: BINDING },
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("returns to the app's scheme only for a sign-in without a browser binding", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/external-login/google',
      query: { returnUrl: APP_RETURN, binding: BINDING },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(serverMsg.socialReturnUrlInvalid);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/account/external-login/google',
      query: { returnUrl: 'evil://steal' },
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('configuration', () => {
  it('stops with the variable name when only half of a client is configured', () => {
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: 'x', DATA_DIR: '/tmp/ray-env-test' })).toThrow(
      /GOOGLE_CLIENT_SECRET/,
    );
    expect(() =>
      loadEnv({
        X_CLIENT_ID: 'x',
        X_CLIENT_SECRET: 'y',
        X_TOKEN_URL: 'ftp://nope',
        DATA_DIR: '/tmp/ray-env-test',
      }),
    ).toThrow(/X_TOKEN_URL/);
  });

  it("stops when Apple's signing key is not an EC P-256 key or comes without its ids", () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const base = { APPLE_CLIENT_ID: 'ray-apple', DATA_DIR: '/tmp/ray-env-test' };
    expect(() => loadEnv({ ...base, APPLE_PRIVATE_KEY: rsa, APPLE_KEY_ID: 'K', APPLE_TEAM_ID: 'T' })).toThrow(
      /APPLE_PRIVATE_KEY/,
    );
    expect(() => loadEnv({ ...base, APPLE_PRIVATE_KEY: applePem, APPLE_TEAM_ID: 'T' })).toThrow(
      /APPLE_KEY_ID/,
    );
    expect(
      loadEnv({
        ...base,
        APPLE_PRIVATE_KEY: applePem,
        APPLE_KEY_ID: 'K',
        APPLE_TEAM_ID: 'T',
      }).socialProviders.map((item) => item.provider),
    ).toEqual(['apple']);
  });
});
