import { describe, expect, it } from 'vitest';
import { limitAddress, RateLimiter } from './rate-limiter';

describe('the address a limit counts under', () => {
  it('is the IPv4 address itself, also when written as IPv6', () => {
    expect(limitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    for (const ip of [
      '2001:db8:85a3:8d3::1',
      '2001:0db8:85a3:08d3:1319:8a2e:0370:7344',
      '2001:DB8:85A3:8D3:FFFF:FFFF:FFFF:FFFF',
      '2001:db8:85a3:8d3::192.0.2.1',
      '2001:db8:85a3:8d3::1%eth0',
    ])
      expect(limitAddress(ip), ip).toBe(network);
    expect(limitAddress('2001:db8:85a3:8d4::1')).not.toBe(network);
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(limitAddress('unknown')).toBe('unknown');
  });
});

describe('limits counted in memory', () => {
  const limit = { key: 'test:burst', max: 5, windowSeconds: 60 };

  it('lets exactly as many of a burst through as the limit allows, and tells the others how long to wait', async () => {
    const limiter = new RateLimiter();
    const waits = await Promise.all(Array.from({ length: 50 }, () => limiter.take([limit])));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    for (const wait of waits.filter((seconds) => seconds > 0)) expect(wait).toBeLessThanOrEqual(60);
  });

  it('stops at the first limit used up, without counting against the ones after it', async () => {
    const limiter = new RateLimiter();
    const narrow = { key: 'test:narrow', max: 1, windowSeconds: 60 };
    const wide = { key: 'test:wide', max: 2, windowSeconds: 60 };
    expect(await limiter.take([narrow, wide])).toBe(0);
    expect(await limiter.take([narrow, wide])).toBeGreaterThan(0);
    expect(await limiter.take([narrow, wide])).toBeGreaterThan(0);
    // The wide limit counted one attempt only: one more passes it.
    expect(await limiter.take([wide])).toBe(0);
    expect(await limiter.take([wide])).toBeGreaterThan(0);
  });

  it('takes an attempt back, and forgets them all', async () => {
    const limiter = new RateLimiter();
    const small = { key: 'test:small', max: 1, windowSeconds: 60 };
    expect(await limiter.take([small])).toBe(0);
    await limiter.giveBack(small);
    expect(await limiter.take([small])).toBe(0);
    expect(await limiter.take([small])).toBeGreaterThan(0);
    await limiter.clear(small);
    expect(await limiter.take([small])).toBe(0);
  });
});
