import { describe, expect, it } from 'vitest';
import { readCookie, VisitorIds, visitorCookie } from './visitor-ids';

const secret = 'a-secret-that-is-long-enough-for-the-tests-here';

describe('visitor ids', () => {
  it('verifies the ids it issued and nothing else', () => {
    const ids = new VisitorIds(secret);
    const issued = ids.issue();
    expect(ids.verify(issued.value)).toBe(issued.id);
    expect(ids.issue().id).not.toBe(issued.id);
    const [id, mac] = issued.value.split('.') as [string, string];
    for (const forged of [
      undefined,
      '',
      id,
      `${id}.`,
      `${id}.${mac}.`,
      `${id}.${mac.toUpperCase()}`,
      `${ids.issue().id}.${mac}`,
      `${id}.${mac.slice(0, -1)}`,
      new VisitorIds(`${secret}-other`).issue().value,
    ])
      expect(ids.verify(forged), String(forged)).toBeNull();
  });

  it('is agreed on by every instance with the same secret', () => {
    const issued = new VisitorIds(secret).issue();
    expect(new VisitorIds(secret).verify(issued.value)).toBe(issued.id);
  });

  it('writes an HttpOnly, SameSite=Lax cookie, Secure only over https', () => {
    const options = { path: '/api/ads', maxAgeSeconds: 60 };
    expect(visitorCookie('v', { ...options, secure: false })).toBe(
      'ray_vid=v; Path=/api/ads; Max-Age=60; HttpOnly; SameSite=Lax',
    );
    expect(visitorCookie('v', { ...options, secure: true })).toBe(
      'ray_vid=v; Path=/api/ads; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('reads one cookie out of the header', () => {
    expect(readCookie('a=1; ray_vid=x.y; b=2', 'ray_vid')).toBe('x.y');
    expect(readCookie('xray_vid=1', 'ray_vid')).toBeUndefined();
    expect(readCookie(undefined, 'ray_vid')).toBeUndefined();
  });
});
