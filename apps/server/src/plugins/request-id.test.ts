import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { trustedProxies } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('trusted proxy addresses', () => {
  it('matches single addresses, ranges and the named ranges, IPv4 seen through IPv6 included', () => {
    const trusted = trustedProxies(['192.0.2.10', '10.1.0.0/16', 'loopback', '2001:db8::/32']);
    expect(trusted('192.0.2.10')).toBe(true);
    expect(trusted('10.1.200.3')).toBe(true);
    expect(trusted('::ffff:10.1.0.1')).toBe(true);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('2001:db8::7')).toBe(true);
    expect(trusted('192.0.2.11')).toBe(false);
    expect(trusted('10.2.0.1')).toBe(false);
    expect(trusted('not an address')).toBe(false);
    expect(trusted(undefined)).toBe(false);
  });

  it('trusts no one without TRUST_PROXY', () => {
    expect(trustedProxies([])('127.0.0.1')).toBe(false);
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.1.0.0/16' });
  });
  afterAll(async () => {
    await t.close();
  });

  const health = (remoteAddress: string, id?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress,
      headers: id === undefined ? {} : { 'x-request-id': id },
    });

  it('takes the id a trusted proxy sends and answers with it', async () => {
    const response = await health('10.1.0.5', 'edge-7f3a9c');
    expect(response.headers['x-request-id']).toBe('edge-7f3a9c');
  });

  it('gives a new id to a request that did not come through a trusted proxy, whatever it claims', async () => {
    const response = await health('203.0.113.9', 'edge-7f3a9c');
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('gives a new id in place of one too long or with characters that do not belong in a log', async () => {
    for (const id of ['x'.repeat(129), 'two words', '{"level":60}', ''])
      expect((await health('10.1.0.5', id)).headers['x-request-id'], id).toMatch(UUID);
  });

  it('names the id on the answer to an unknown route too', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
  });
});
