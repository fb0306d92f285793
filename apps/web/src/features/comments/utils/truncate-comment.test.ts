import { describe, expect, it } from 'vitest';
import { truncateComment } from './truncate-comment';

describe('truncateComment', () => {
  it('keeps a comment of exactly 200 characters whole', () => {
    const text = 'ب'.repeat(200);
    expect(truncateComment(text)).toEqual({ text, truncated: false });
  });

  it('cuts a 201-character comment at 200 and adds three dots', () => {
    const result = truncateComment('أ'.repeat(201));
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${'أ'.repeat(200)}...`);
  });

  it('never splits an emoji made of two code units', () => {
    const result = truncateComment('😀'.repeat(5), 3);
    expect(result.text).toBe('😀😀😀...');
  });
});
