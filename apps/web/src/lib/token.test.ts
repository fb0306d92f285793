import { describe, expect, it } from 'vitest';
import { isAccessTokenValid } from './token';

const base64Url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: unknown) =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
const NOW = Date.UTC(2025, 0, 1);

describe('isAccessTokenValid', () => {
  it('accepts a three-part token whose exp claim is in the future', () => {
    expect(isAccessTokenValid(jwt({ exp: NOW / 1000 + 60, name: 'سارة' }), NOW)).toBe(true);
  });

  it('rejects a three-part token that has expired or carries no exp claim', () => {
    expect(isAccessTokenValid(jwt({ exp: NOW / 1000 - 1 }), NOW)).toBe(false);
    expect(isAccessTokenValid(jwt({ sub: 'u1' }), NOW)).toBe(false);
  });

  it('counts an opaque token without dots as valid', () => {
    expect(isAccessTokenValid('opaque-session-token', NOW)).toBe(true);
  });

  it('rejects malformed tokens', () => {
    expect(isAccessTokenValid('', NOW)).toBe(false);
    expect(isAccessTokenValid('a.b', NOW)).toBe(false);
    expect(isAccessTokenValid('a.not-json.c', NOW)).toBe(false);
  });
});
