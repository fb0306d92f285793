import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT } from '@ray/shared/theme';
import { security } from './security';

/** The one inline script pages carry, the theme's, allowed by the hash of its exact text. */
const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

const POLICY = (imgSrc: string) =>
  `default-src 'self';script-src 'self' ${THEME_SCRIPT_HASH};worker-src 'self';style-src 'self';style-src-elem 'self' 'unsafe-inline';` +
  "style-src-attr 'unsafe-hashes' 'sha256-MtxTLcyxVEJFNLEIqbVTaqR4WWr0+lYSZ78AzGmNsuA=' " +
  "'sha256-PhrR5O1xWiklTp5YfH8xWeig83Y/rhbrdb5whLn1pSg=';" +
  `img-src ${imgSrc};font-src 'self' data:;connect-src 'self' ws: wss:;media-src 'self';object-src 'none';` +
  "frame-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'";

/** The full set helmet 8 sent for these options, header for header. */
const EXPECTED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

async function appWith(corsOrigins: string[], mediaPublicUrl?: string) {
  const app = Fastify();
  await app.register(security, { corsOrigins, mediaPublicUrl });
  return app;
}

async function headersFor(url: string, mediaPublicUrl?: string) {
  const app = await appWith([], mediaPublicUrl);
  app.get('/*', () => 'ok');
  const response = await app.inject({ method: 'GET', url });
  await app.close();
  const {
    'content-type': _type,
    'content-length': _length,
    date: _date,
    connection: _connection,
    ...rest
  } = response.headers;
  return rest;
}

describe('security headers', () => {
  it('sends exactly the policy and the protective headers on every answer', async () => {
    expect(await headersFor('/')).toEqual({
      'content-security-policy': POLICY("'self' data: blob:"),
      ...EXPECTED,
    });
  });

  it('lets images come from the media origin too, and from no other', async () => {
    expect(await headersFor('/', 'https://media.example.com/ray/uploads')).toEqual({
      'content-security-policy': POLICY("'self' data: blob: https://media.example.com"),
      ...EXPECTED,
    });
  });

  it('sends no referrer from the pages opened by a secret link', async () => {
    expect(await headersFor('/reset-password?token=secret')).toEqual({
      'content-security-policy': POLICY("'self' data: blob:"),
      ...EXPECTED,
      'referrer-policy': 'no-referrer',
    });
  });

  it("gives the API's answers the headers of data, never a document's", async () => {
    for (const url of ['/api/posts?page=1', '/api', '/api/docsx']) {
      expect(await headersFor(url, 'https://media.example.com')).toEqual({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
    }
    expect(await headersFor('/api/docs/static/index.html')).toEqual({
      'content-security-policy': POLICY("'self' data: blob:"),
      ...EXPECTED,
    });
  });
});

describe('cross-origin access', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS' as const,
    url: '/api/posts',
    headers: { origin, 'access-control-request-method': 'POST' },
  });

  it('is granted to the configured origins only, preflight included', async () => {
    const app = await appWith(['https://app.example']);
    app.get('/*', () => 'ok');
    const allowed = await app.inject({ url: '/api/posts', headers: { origin: 'https://app.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    const asked = await app.inject(preflight('https://app.example'));
    expect(asked.statusCode).toBe(204);
    expect(asked.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(asked.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    const other = await app.inject({ url: '/api/posts', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('is granted to no one without configured origins', async () => {
    const app = await appWith([]);
    app.get('/*', () => 'ok');
    const plain = await app.inject({ url: '/api/posts', headers: { origin: 'https://app.example' } });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const asked = await app.inject(preflight('https://app.example'));
    expect(asked.statusCode).toBe(404);
    expect(asked.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});
