import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';

/**
 * A small OAuth 2 / OpenID Connect provider standing in for Google, GitHub or Apple in tests: an authorisation
 * page with approve and deny buttons, single-use codes bound to the client, redirect address and PKCE challenge,
 * a profile endpoint, ID tokens signed with a key published as a JWKS, and the endpoints that tell which app an
 * access token was issued to (Facebook's debug_token, GitHub's check-a-token).
 */
export interface ProviderUser {
  sub: string;
  name: string;
  email?: string | undefined;
  emailVerified?: boolean | undefined;
}

let providerUsers = 0;

/** A person the provider has never seen before, with a verified address; `overrides` changes any part. */
export function newProviderUser(name: string, overrides: Partial<ProviderUser> = {}): ProviderUser {
  providerUsers += 1;
  const unique = `${providerUsers}-${process.pid}-${Date.now()}`;
  return {
    sub: `subject-${unique}`,
    name,
    email: `person${unique}@example.com`,
    emailVerified: true,
    ...overrides,
  };
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  user: ProviderUser;
  used: boolean;
}

export interface OAuthProvider {
  url: string;
  /** Approves an authorisation URL as the given user, answering where the provider sends the browser. */
  approve(authorizeUrl: string, user: ProviderUser): string;
  deny(authorizeUrl: string): string;
  /** An access token issued to the client for the user, as a provider's native SDK hands one to its app. */
  issueAccessToken(clientId: string, user: ProviderUser): string;
  /** An ID token signed with the provider's published key; claims and times can be set to anything. */
  signIdToken(options: IdTokenOptions): Promise<string>;
  close(): Promise<void>;
}

export interface IdTokenOptions {
  user: ProviderUser;
  audience: string;
  issuer?: string;
  nonce?: string;
  jti?: string;
  /** Seconds since the epoch; five minutes from now when absent; null for a token without an expiry. */
  expiresAt?: number | null;
}

/**
 * A client with a fixed secret, or one whose secret is a JWT it signs (as Apple asks): ES256 under the public key
 * given here, issued by the team, about the client, for this provider, and not expired.
 */
export type Client =
  | { clientId: string; clientSecret: string }
  | { clientId: string; signedSecret: { publicKey: KeyObject; keyId: string; teamId: string } };

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOAuthProvider(options: {
  port?: number;
  clients: Client[];
  defaultUser?: ProviderUser;
}): Promise<OAuthProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { user: ProviderUser; clientId: string }>();
  let base = '';

  function redirectTo(authorizeUrl: string, params: Record<string, string>): string {
    const request = new URL(authorizeUrl, base).searchParams;
    const target = new URL(request.get('redirect_uri') ?? '');
    const state = request.get('state');
    if (state) target.searchParams.set('state', state);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    return target.toString();
  }

  function approve(authorizeUrl: string, user: ProviderUser): string {
    const request = new URL(authorizeUrl, base).searchParams;
    const clientId = request.get('client_id') ?? '';
    if (!options.clients.some((client) => client.clientId === clientId)) throw new Error('unknown client');
    const code = randomBytes(16).toString('hex');
    grants.set(code, {
      clientId,
      redirectUri: request.get('redirect_uri') ?? '',
      challenge: request.get('code_challenge'),
      user,
      used: false,
    });
    return redirectTo(authorizeUrl, { code });
  }

  async function secretFits(client: Client, secret: string | null): Promise<boolean> {
    if ('clientSecret' in client) return client.clientSecret === secret;
    if (!secret) return false;
    try {
      const { protectedHeader } = await jwtVerify(secret, client.signedSecret.publicKey, {
        algorithms: ['ES256'],
        issuer: client.signedSecret.teamId,
        subject: client.clientId,
        audience: base,
      });
      return protectedHeader.kid === client.signedSecret.keyId;
    } catch {
      return false;
    }
  }

  async function clientFrom(request: IncomingMessage, form: URLSearchParams) {
    const header = request.headers.authorization;
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    if (header?.startsWith('Basic ')) {
      const [user, pass] = Buffer.from(header.slice(6), 'base64').toString().split(':');
      id = decodeURIComponent(user ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    const client = options.clients.find((candidate) => candidate.clientId === id);
    return client && (await secretFits(client, secret)) ? client : undefined;
  }

  async function token(request: IncomingMessage, response: ServerResponse, form: URLSearchParams) {
    const fail = (error: string) => {
      json(response, 400, { error });
    };
    const client = await clientFrom(request, form);
    if (!client) {
      fail('invalid_client');
      return;
    }
    const grant = grants.get(form.get('code') ?? '');
    if (!grant || grant.used || grant.clientId !== client.clientId) {
      fail('invalid_grant');
      return;
    }
    grant.used = true;
    if (grant.redirectUri !== form.get('redirect_uri')) {
      fail('invalid_grant');
      return;
    }
    if (grant.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
        fail('invalid_grant');
        return;
      }
    }
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, { user: grant.user, clientId: client.clientId });
    const idToken = await new SignJWT({
      email: grant.user.email,
      email_verified: grant.user.emailVerified ?? false,
      name: grant.user.name,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(base)
      .setSubject(grant.user.sub)
      .setAudience(client.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    json(response, 200, {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: 300,
      id_token: idToken,
    });
  }

  function signIdToken(options: IdTokenOptions): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({
      email: options.user.email,
      email_verified: options.user.emailVerified ?? false,
      name: options.user.name,
      ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? base)
      .setSubject(options.user.sub)
      .setAudience(options.audience)
      .setIssuedAt(now - 60);
    if (options.expiresAt !== null) jwt.setExpirationTime(options.expiresAt ?? now + 300);
    if (options.jti !== undefined) jwt.setJti(options.jti);
    return jwt.sign(privateKey);
  }

  function issueAccessToken(clientId: string, user: ProviderUser): string {
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, { user, clientId });
    return accessToken;
  }

  /** Facebook's debug_token: the app proves itself with "<app id>|<app secret>" and learns the token's app. */
  function debugToken(url: URL, response: ServerResponse) {
    const [appId, appSecret] = (url.searchParams.get('access_token') ?? '').split('|');
    const app = options.clients.find((client) => client.clientId === appId);
    if (!app || !('clientSecret' in app) || app.clientSecret !== appSecret) {
      json(response, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException' } });
      return;
    }
    const entry = accessTokens.get(url.searchParams.get('input_token') ?? '');
    json(
      response,
      200,
      entry
        ? { data: { app_id: entry.clientId, is_valid: true, user_id: entry.user.sub } }
        : { data: { is_valid: false, error: { message: 'Invalid token' } } },
    );
  }

  /** GitHub's check-a-token: only the app named in the path, with its id and secret, may ask; 404 when not its. */
  async function checkToken(
    request: IncomingMessage,
    response: ServerResponse,
    clientId: string,
    body: string,
  ) {
    const client = await clientFrom(request, new URLSearchParams());
    if (client?.clientId !== clientId) {
      json(response, 401, { message: 'Requires authentication' });
      return;
    }
    let token = '';
    try {
      const value = (JSON.parse(body) as { access_token?: unknown }).access_token;
      token = typeof value === 'string' ? value : '';
    } catch {
      json(response, 422, { message: 'Invalid request' });
      return;
    }
    const entry = accessTokens.get(token);
    if (!entry || entry.clientId !== clientId) {
      json(response, 404, { message: 'Not Found' });
      return;
    }
    json(response, 200, {
      token,
      app: { client_id: entry.clientId },
      user: { id: entry.user.sub, login: entry.user.name },
    });
  }

  function userInfo(request: IncomingMessage, response: ServerResponse) {
    const entry = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!entry) {
      json(response, 401, { error: 'invalid_token' });
      return;
    }
    const { user } = entry;
    json(response, 200, {
      sub: user.sub,
      id: user.sub,
      login: user.name.replace(/\W/g, '') || 'user',
      name: user.name,
      email: user.email ?? null,
      email_verified: user.emailVerified ?? false,
      // X's users/me answers under `data`.
      data: { id: user.sub, name: user.name },
    });
  }

  function authorizePage(url: URL, response: ServerResponse) {
    const user = options.defaultUser ?? { sub: 'local-1', name: 'مستخدم تجريبي', email: 'local@example.com' };
    const hidden = [...url.searchParams]
      .map(([key, value]) => `<input type="hidden" name="${escape(key)}" value="${escape(value)}">`)
      .join('');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="ar" dir="rtl"><meta charset="utf-8"><title>مزود الهوية</title>
<form method="post" action="/authorize" style="font-family:sans-serif;max-width:24rem;margin:3rem auto;display:grid;gap:.5rem">
<h1>تسجيل الدخول لدى مزود الهوية</h1>${hidden}
<label>المعرّف <input name="user_sub" value="${escape(user.sub)}"></label>
<label>الاسم <input name="user_name" value="${escape(user.name)}"></label>
<label>البريد <input name="user_email" value="${escape(user.email ?? '')}"></label>
<label><input type="checkbox" name="user_email_verified" value="1" checked> البريد موثّق</label>
<button name="decision" value="approve">السماح</button>
<button name="decision" value="deny">رفض</button>
</form></html>`);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const form = new URLSearchParams(raw);
      void (async () => {
        if (request.method === 'GET' && url.pathname === '/authorize') {
          authorizePage(url, response);
          return;
        }
        if (request.method === 'POST' && url.pathname === '/authorize') {
          const authorizeUrl = `${base}/authorize?${form.toString()}`;
          const target =
            form.get('decision') === 'approve'
              ? approve(authorizeUrl, {
                  sub: form.get('user_sub') ?? '',
                  name: form.get('user_name') ?? '',
                  email: form.get('user_email') || undefined,
                  emailVerified: form.get('user_email_verified') === '1',
                })
              : redirectTo(authorizeUrl, { error: 'access_denied' });
          response.writeHead(302, { location: target });
          return response.end();
        }
        if (request.method === 'POST' && url.pathname === '/token') return token(request, response, form);
        if (request.method === 'GET' && url.pathname === '/userinfo') {
          userInfo(request, response);
          return;
        }
        if (request.method === 'GET' && url.pathname === '/debug_token') {
          debugToken(url, response);
          return;
        }
        const check = /^\/applications\/([^/]+)\/token$/.exec(url.pathname);
        if (request.method === 'POST' && check) {
          await checkToken(request, response, decodeURIComponent(check[1] ?? ''), raw);
          return;
        }
        if (request.method === 'GET' && url.pathname === '/jwks') {
          json(response, 200, { keys: [jwk] });
          return;
        }
        if (request.method === 'GET' && url.pathname === '/') {
          json(response, 200, { ok: true });
          return;
        }
        json(response, 404, { error: 'not_found' });
      })().catch(() => {
        json(response, 500, { error: 'server_error' });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    approve,
    deny: (authorizeUrl) => redirectTo(authorizeUrl, { error: 'access_denied' }),
    issueAccessToken,
    signIdToken,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Environment that points a provider of the app at this stand-in. */
export function providerEnv(
  prefix: string,
  base: string,
  client: { clientId: string; clientSecret?: string },
) {
  return {
    [`${prefix}_CLIENT_ID`]: client.clientId,
    ...(client.clientSecret === undefined ? {} : { [`${prefix}_CLIENT_SECRET`]: client.clientSecret }),
    [`${prefix}_AUTHORIZE_URL`]: `${base}/authorize`,
    [`${prefix}_TOKEN_URL`]: `${base}/token`,
    [`${prefix}_USERINFO_URL`]: `${base}/userinfo`,
    [`${prefix}_JWKS_URL`]: `${base}/jwks`,
    [`${prefix}_ISSUER`]: base,
    [`${prefix}_TOKEN_INFO_URL`]:
      prefix === 'GITHUB' ? `${base}/applications/{client_id}/token` : `${base}/debug_token`,
  };
}
