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

async function headersFor(url: string, mediaPublicUrl?: string) {
  const app = Fastify();
  await app.register(security, { corsOrigins: [], mediaPublicUrl });
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
});
