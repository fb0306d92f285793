import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { socialAccounts, users } from '../../db/schema';
import {
  newProviderUser,
  providerEnv,
  startOAuthProvider,
  type OAuthProvider,
  type ProviderUser,
} from '../../test/oauth-provider';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/test-app';

const google = { clientId: 'ray-google', clientSecret: 'google-secret' };
const facebook = { clientId: 'ray-facebook', clientSecret: 'facebook-secret' };
const github = { clientId: 'ray-github', clientSecret: 'github-secret' };
const apple = { clientId: 'ray-apple', clientSecret: 'apple-secret' };
const x = { clientId: 'ray-x', clientSecret: 'x-secret' };
/** Another app registered with the same providers, whose users' tokens must never sign anyone in here. */
const otherApp = { clientId: 'someone-else', clientSecret: 'their-secret' };
const IOS_CLIENT = 'ray-google-ios';

let provider: OAuthProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOAuthProvider({ clients: [google, facebook, github, apple, x, otherApp] });
  t = await createTestApp({
    PUBLIC_URL: 'http://ray.test',
    ...providerEnv('GOOGLE', provider.url, google),
    GOOGLE_NATIVE_CLIENT_IDS: `${IOS_CLIENT}, ray-google-android`,
    ...providerEnv('FACEBOOK', provider.url, facebook),
    ...providerEnv('GITHUB', provider.url, github),
    ...providerEnv('APPLE', provider.url, apple),
    ...providerEnv('X', provider.url, x),
  });
});

afterAll(async () => {
  await t.close();
  await provider.close();
});

function person(overrides: Partial<ProviderUser> = {}): ProviderUser {
  return newProviderUser('سارة الحربي', overrides);
}

interface Answer {
  success: boolean;
  token?: string;
  refreshToken?: string;
  userId?: string;
  message: string;
}

let calls = 0;

/** Each call from its own address unless one is given, so only the limit test meets the limit. */
async function socialLogin(payload: Record<string, unknown>, ip = `203.0.113.${(calls++ % 200) + 1}`) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/social-login',
    payload,
    remoteAddress: ip,
  });
  return { status: response.statusCode, body: response.json<Answer>() };
}

function expectRefused(result: { status: number; body: Answer }, status: number, message: string) {
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(result.body.message).toBe(message);
  expect(result.body.token).toBeUndefined();
}

describe('POST /api/account/social-login with an ID token', () => {
  it('signs a Google user up, then signs the same account in, with the answer of /login', async () => {
    const user = person();
    const first = await socialLogin({
      provider: 'google',
      idToken: await provider.signIdToken({ user, audience: google.clientId, jti: randomUUID() }),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: msg.loginSuccess });
    expect(first.body.token).toBeTruthy();
    expect(first.body.refreshToken).toBeTruthy();

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(first.body.token!),
    });
    expect(me.statusCode, me.body).toBe(200);

    // The iOS app has its own client id, listed in GOOGLE_NATIVE_CLIENT_IDS.
    const second = await socialLogin({
      provider: 'google',
      idToken: await provider.signIdToken({ user, audience: IOS_CLIENT, jti: randomUUID() }),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.userId).toBe(first.body.userId);
    const links = await t.database.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.provider, 'google'), eq(socialAccounts.subject, user.sub)));
    expect(links).toHaveLength(1);
  });

  it('never takes over an existing account because the token reports its address', async () => {
    const owner = await registerUser(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.userId));
    const result = await socialLogin({
      provider: 'google',
      idToken: await provider.signIdToken({
        user: person({ email: row!.email! }),
        audience: google.clientId,
      }),
    });
    expect(result.status).toBe(200);
    expect(result.body.userId).not.toBe(owner.userId);
  });

  it('checks the nonce: raw for Google', async () => {
    const user = person();
    const right = await socialLogin({
      provider: 'google',
      nonce: 'raw-nonce-1',
      idToken: await provider.signIdToken({ user, audience: google.clientId, nonce: 'raw-nonce-1' }),
    });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    const wrong = await socialLogin({
      provider: 'google',
      nonce: 'another-nonce',
      idToken: await provider.signIdToken({ user, audience: google.clientId, nonce: 'raw-nonce-2' }),
    });
    expectRefused(wrong, 400, serverMsg.socialTokenNonce);
  });

  it("signs in with Apple, whose token carries the SHA-256 of the app's nonce", async () => {
    const nonce = 'apple-nonce-value';
    const hashed = createHash('sha256').update(nonce).digest('hex');
    const user = person();
    const ok = await socialLogin({
      provider: 'apple',
      nonce,
      idToken: await provider.signIdToken({ user, audience: apple.clientId, nonce: hashed }),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.token).toBeTruthy();
    // A token carrying the raw nonce is not what Apple signs: refused.
    const raw = await socialLogin({
      provider: 'apple',
      nonce,
      idToken: await provider.signIdToken({ user, audience: apple.clientId, nonce }),
    });
    expectRefused(raw, 400, serverMsg.socialTokenNonce);
  });

  it('refuses a token signed with a key that is not the provider’s', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    // Same key id as the provider's, so only the signature check can tell.
    const forged = await new SignJWT({ email: 'victim@example.com', email_verified: true, name: 'ضحية' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(provider.url)
      .setSubject('victim-subject')
      .setAudience(google.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expectRefused(
      await socialLogin({ provider: 'google', idToken: forged }),
      401,
      serverMsg.socialTokenForged,
    );
    // A token with its signature cut off is no better.
    const [header, body] = (await provider.signIdToken({ user: person(), audience: google.clientId })).split(
      '.',
    );
    expectRefused(
      await socialLogin({ provider: 'google', idToken: `${header}.${body}.` }),
      401,
      serverMsg.socialTokenForged,
    );
  });

  it('refuses an expired token', async () => {
    const idToken = await provider.signIdToken({
      user: person(),
      audience: google.clientId,
      expiresAt: Math.floor(Date.now() / 1000) - 120,
    });
    expectRefused(await socialLogin({ provider: 'google', idToken }), 401, serverMsg.socialTokenExpired);
  });

  it('refuses a token without an expiry, which could not be remembered as used', async () => {
    const idToken = await provider.signIdToken({
      user: person(),
      audience: google.clientId,
      expiresAt: null,
    });
    expectRefused(await socialLogin({ provider: 'google', idToken }), 401, serverMsg.socialTokenInvalid);
  });

  it('refuses a token issued to another app', async () => {
    const idToken = await provider.signIdToken({ user: person(), audience: otherApp.clientId });
    expectRefused(await socialLogin({ provider: 'google', idToken }), 401, serverMsg.socialTokenAudience);
  });

  it('refuses a token from another issuer', async () => {
    const idToken = await provider.signIdToken({
      user: person(),
      audience: google.clientId,
      issuer: 'https://evil.example',
    });
    expectRefused(await socialLogin({ provider: 'google', idToken }), 401, serverMsg.socialTokenIssuer);
  });

  it('accepts an ID token once, with or without a jti', async () => {
    for (const jti of [randomUUID(), undefined]) {
      const idToken = await provider.signIdToken({
        user: person(),
        audience: google.clientId,
        ...(jti ? { jti } : {}),
      });
      expect((await socialLogin({ provider: 'google', idToken })).status).toBe(200);
      expectRefused(await socialLogin({ provider: 'google', idToken }), 401, serverMsg.socialTokenReplayed);
    }
  });

  it('asks Google and Apple for an ID token, not an access token', async () => {
    const result = await socialLogin({
      provider: 'google',
      accessToken: provider.issueAccessToken(google.clientId, person()),
    });
    expectRefused(result, 400, serverMsg.socialIdTokenRequired);
  });
});

describe('POST /api/account/social-login with an access token', () => {
  it('signs in with a Facebook token issued to our app, once asked of debug_token', async () => {
    const user = person();
    const first = await socialLogin({
      provider: 'facebook',
      accessToken: provider.issueAccessToken(facebook.clientId, user),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await socialLogin({
      provider: 'facebook',
      accessToken: provider.issueAccessToken(facebook.clientId, user),
    });
    expect(again.body.userId).toBe(first.body.userId);
  });

  it('refuses a Facebook token issued to another app, though its profile is readable', async () => {
    const accessToken = provider.issueAccessToken(otherApp.clientId, person());
    const profile = await fetch(`${provider.url}/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(profile.status).toBe(200);
    expectRefused(
      await socialLogin({ provider: 'facebook', accessToken }),
      401,
      serverMsg.socialTokenAudience,
    );
    expectRefused(
      await socialLogin({ provider: 'facebook', accessToken: 'not-a-token' }),
      401,
      serverMsg.socialTokenAudience,
    );
  });

  it('signs in with a GitHub token issued to our app, and refuses one of another app', async () => {
    const user = person();
    const ours = await socialLogin({
      provider: 'github',
      accessToken: provider.issueAccessToken(github.clientId, user),
    });
    expect(ours.status, JSON.stringify(ours.body)).toBe(200);
    expect(ours.body.token).toBeTruthy();
    const theirs = await socialLogin({
      provider: 'github',
      accessToken: provider.issueAccessToken(otherApp.clientId, user),
    });
    expectRefused(theirs, 401, serverMsg.socialTokenAudience);
  });

  it('refuses X access tokens: X cannot say which app a token belongs to', async () => {
    const result = await socialLogin({
      provider: 'twitter',
      accessToken: provider.issueAccessToken(x.clientId, person()),
    });
    expectRefused(result, 400, serverMsg.socialAccessTokenUnsupported);
  });
});

describe('POST /api/account/social-login input and limits', () => {
  it('answers 400 in Arabic to a body without a token or with an unknown provider', async () => {
    const missing = await socialLogin({ provider: 'google' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(msg.socialTokenRequired);
    const unknown = await socialLogin({ provider: 'myspace', idToken: 'a.b.c' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain(msg.socialProviderRequired);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const result = await socialLogin({ provider: 'snapchat', accessToken: 'anything' });
    expectRefused(result, 404, serverMsg.socialProviderUnavailable);
  });

  it('limits the attempts of one address', async () => {
    const ip = '198.51.100.77';
    let last = 0;
    for (let attempt = 0; attempt < 21; attempt++) {
      last = (await socialLogin({ provider: 'google', idToken: 'not.a.token' }, ip)).status;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await socialLogin({ provider: 'google', idToken: 'not.a.token' }, '198.51.100.78')).status).toBe(
      401,
    );
  });
});
