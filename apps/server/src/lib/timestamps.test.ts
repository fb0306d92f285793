import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamps';

describe('isoTimestamp', () => {
  it.each([
    '2026-11-24T01:48:52.679985+00:00',
    '2026-11-24T01:48:52.6799+00:00',
    '2026-11-24T01:48:52.67+00:00',
    '2026-11-24T01:48:52.1+00:00',
    '2026-11-24T01:48:52+00:00',
    '2026-01-01T00:00:00.000001+00:00',
    '1999-12-31T23:59:59.999999+00:00',
    '0099-01-01T00:00:00+00:00',
    '2026-11-24T04:48:52.679985+03:00',
    '2026-11-23T20:18:52.5-05:30',
    '2026-11-24 01:48:52.679985+00',
  ])('writes %s as Date.toISOString() does', (text) => {
    expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
  });

  it('matches Date for every millisecond digit and fraction length', () => {
    for (let ms = 0; ms < 1000; ms += 7) {
      const digits = String(ms).padStart(3, '0');
      for (const fraction of [digits, `${digits}4`, `${digits}999`, digits.slice(0, 1), digits.slice(0, 2)]) {
        const text = `2026-06-15T12:34:56.${fraction}+00:00`;
        expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
      }
    }
  });
});
