import { describe, expect, it } from 'vitest';
import { excerpt, truncatePostText } from './truncate';

describe('truncatePostText', () => {
  it('leaves a text within the limit untouched', () => {
    expect(truncatePostText('رأي قصير #رأي', 150)).toEqual({ text: 'رأي قصير #رأي', truncated: false });
  });

  it('keeps a hashtag whole when the limit falls inside it', () => {
    const text = `${'أ'.repeat(145)} #القهوة_السعودية ثم كلام كثير بعده`;
    const { text: cut, truncated } = truncatePostText(text, 150);
    expect(truncated).toBe(true);
    expect(cut.endsWith('#القهوة_السعودية')).toBe(true);
  });

  it('moves the cut back to a space instead of splitting a word', () => {
    const text = `${'كلمة '.repeat(29)}طويلةجداً وما بعدها`;
    const { text: cut, truncated } = truncatePostText(text, 150);
    expect(truncated).toBe(true);
    expect(cut.endsWith('كلمة')).toBe(true);
    expect(cut).not.toContain('طويلة');
  });

  it('never separates a letter from its diacritics', () => {
    const text = 'مَ'.repeat(200);
    const { text: cut } = truncatePostText(text, 150);
    expect(cut.length % 2).toBe(0);
    expect(cut.endsWith('مَ')).toBe(true);
  });

  it('does not call a text truncated when only the hashtag it ends with crosses the limit', () => {
    const text = `${'ب'.repeat(148)} #وسم`;
    expect(truncatePostText(text, 150)).toEqual({ text, truncated: false });
  });
});

describe('excerpt', () => {
  it('collapses whitespace and ends a cut text with an ellipsis within the limit', () => {
    const result = excerpt(`سطر أول\n\nسطر    ثانٍ ${'ج'.repeat(100)}`, 60);
    expect(result).not.toMatch(/\n|\s{2}/);
    const characters = [...new Intl.Segmenter('ar', { granularity: 'grapheme' }).segment(result)];
    expect(characters).toHaveLength(60);
    expect(result.endsWith('…')).toBe(true);
  });

  it('returns a short text as it is', () => {
    expect(excerpt('  مرحبا  بكم ', 60)).toBe('مرحبا بكم');
  });
});
