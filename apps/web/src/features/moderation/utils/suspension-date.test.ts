import { describe, expect, it } from 'vitest';
import { daysFromNow, fromLocalInputValue, toLocalInputValue } from './suspension-date';

describe('suspension dates', () => {
  it('writes a moment as a local datetime-local value and reads it back to the same instant', () => {
    const moment = new Date(2031, 0, 5, 9, 7);
    expect(toLocalInputValue(moment)).toBe('2031-01-05T09:07');
    expect(fromLocalInputValue('2031-01-05T09:07')).toBe(moment.toISOString());
  });

  it('gives nothing for an empty or malformed value, so the shared schema reports it', () => {
    for (const value of ['', 'غداً', '2031-13-40T99:99', '2031-01-05'])
      expect(fromLocalInputValue(value)).toBe('');
  });

  it('counts presets in whole days from now, to the minute', () => {
    const now = new Date(2031, 0, 5, 9, 7, 42).getTime();
    const week = daysFromNow(7, now);
    expect(week.getTime() - now).toBe(7 * 24 * 3600_000 - 42_000);
    expect(week.getSeconds()).toBe(0);
  });
});
