import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msg } from '../messages.ar';
import { adInputSchema, adStatus } from './ad';
import {
  ANALYTICS_EVENT_NAMES,
  analyticsBatchSchema,
  analyticsDailyQuerySchema,
  type AnalyticsBatch,
} from './analytics';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return errors;
}

const batch = (...events: AnalyticsBatch['events']): AnalyticsBatch => ({ events });

describe('analytics batch', () => {
  it('accepts every event of the closed list with a path and flat properties', () => {
    const result = analyticsBatchSchema.safeParse({
      events: ANALYTICS_EVENT_NAMES.map((name) => ({
        name,
        path: '/posts/12',
        properties: { votingType: 'poll', seconds: 12, anonymous: false },
      })),
    });
    expect(result.success).toBe(true);
  });

  it('accepts an event without path or properties', () => {
    expect(analyticsBatchSchema.safeParse(batch({ name: 'login' })).success).toBe(true);
    expect(analyticsBatchSchema.safeParse(batch({ name: 'login', path: null })).success).toBe(true);
  });

  it('rejects an unknown event name with the Arabic message', () => {
    expect(errorsOf(analyticsBatchSchema, { events: [{ name: 'purchase' }] })).toEqual({
      'events.0.name': [msg.analyticsEventUnknown],
    });
  });

  it('rejects an empty batch and one over 20 events', () => {
    expect(errorsOf(analyticsBatchSchema, batch())).toEqual({ events: [msg.analyticsBatchEmpty] });
    const events = Array.from({ length: 21 }, () => ({ name: 'search' as const }));
    expect(errorsOf(analyticsBatchSchema, { events })).toEqual({ events: [msg.analyticsBatchTooLarge] });
    expect(analyticsBatchSchema.safeParse({ events: events.slice(0, 20) }).success).toBe(true);
  });

  it('keeps properties small and flat', () => {
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`key${i}`, i]));
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`key${i}`, i]));
    expect(errorsOf(analyticsBatchSchema, batch({ name: 'vote', properties: eleven }))).toEqual({
      'events.0.properties': [msg.analyticsPropertiesTooMany],
    });
    expect(analyticsBatchSchema.safeParse(batch({ name: 'vote', properties: ten })).success).toBe(true);
    expect(
      analyticsBatchSchema.safeParse(batch({ name: 'vote', properties: { text: 'ن'.repeat(200) } })).success,
    ).toBe(true);
    expect(
      analyticsBatchSchema.safeParse(batch({ name: 'vote', properties: { emoji: 'رائع 👍' } })).success,
    ).toBe(true);
    for (const bad of [
      { text: 'ن'.repeat(201) },
      { nested: { a: 1 } },
      { list: [1, 2] },
      { nothing: null },
      { 'has space': 1 },
      { '1starts_with_digit': 1 },
      { broken: 'نص \ud800 مقطوع' },
    ]) {
      const errors = errorsOf(analyticsBatchSchema, { events: [{ name: 'vote', properties: bad }] });
      expect(Object.values(errors).flat()).toEqual([msg.analyticsPropertyInvalid]);
    }
  });

  it('takes a site path only, never a full address', () => {
    expect(
      analyticsBatchSchema.safeParse(batch({ name: 'search', path: 'https://evil.example/' })).success,
    ).toBe(false);
    expect(analyticsBatchSchema.safeParse(batch({ name: 'search', path: '/a b' })).success).toBe(false);
    expect(
      analyticsBatchSchema.safeParse(batch({ name: 'search', path: `/${'a'.repeat(300)}` })).success,
    ).toBe(false);
  });

  it('rejects a body that is not a batch', () => {
    for (const value of [null, 'text', [], { events: 'login' }, { events: [null] }])
      expect(analyticsBatchSchema.safeParse(value).success).toBe(false);
  });
});

describe('analytics daily query', () => {
  it('defaults to 30 days and accepts 1 to 90', () => {
    expect(analyticsDailyQuerySchema.parse({})).toEqual({ days: 30 });
    expect(analyticsDailyQuerySchema.parse({ days: '7' })).toEqual({ days: 7 });
    for (const days of ['0', '91', '2.5', 'abc'])
      expect(errorsOf(analyticsDailyQuerySchema, { days })).toEqual({ days: [msg.analyticsDaysInvalid] });
  });
});

describe('ad input and status', () => {
  const ad = { title: 'إعلان', targetUrl: 'https://example.com', placements: ['Sidebar'] };

  it('needs the end after the start', () => {
    expect(
      errorsOf(adInputSchema, {
        ...ad,
        startsAt: '2030-01-02T00:00:00.000Z',
        endsAt: '2030-01-01T00:00:00.000Z',
      }),
    ).toEqual({ endsAt: [msg.adEndsBeforeStart] });
    expect(
      adInputSchema.safeParse({
        ...ad,
        startsAt: '2030-01-01T00:00:00.000Z',
        endsAt: '2030-01-02T00:00:00.000Z',
      }).success,
    ).toBe(true);
  });

  it('takes http(s) or a site path as target, nothing else', () => {
    for (const targetUrl of ['https://example.com/a', 'http://example.com', '/trends'])
      expect(adInputSchema.safeParse({ ...ad, targetUrl }).success).toBe(true);
    for (const targetUrl of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://x.example'])
      expect(errorsOf(adInputSchema, { ...ad, targetUrl })).toEqual({ targetUrl: [msg.adTargetUrlInvalid] });
  });

  it('needs at least one placement', () => {
    expect(errorsOf(adInputSchema, { ...ad, placements: [] })).toEqual({
      placements: [msg.adPlacementsRequired],
    });
  });

  it('tells active, paused, scheduled and ended apart', () => {
    const now = Date.parse('2030-06-01T00:00:00Z');
    const base = { isActive: true, startsAt: null, endsAt: null };
    expect(adStatus(base, now)).toBe('active');
    expect(adStatus({ ...base, isActive: false }, now)).toBe('paused');
    expect(adStatus({ ...base, startsAt: '2030-07-01T00:00:00Z' }, now)).toBe('scheduled');
    expect(adStatus({ ...base, endsAt: '2030-05-01T00:00:00Z' }, now)).toBe('ended');
    expect(adStatus({ ...base, endsAt: '2030-05-01T00:00:00Z', isActive: false }, now)).toBe('paused');
    expect(adStatus({ ...base, startsAt: '2030-05-01T00:00:00Z', endsAt: '2030-07-01T00:00:00Z' }, now)).toBe(
      'active',
    );
  });
});
