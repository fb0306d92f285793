import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt } from './mention-query';

describe('mentionQueryAt', () => {
  it('finds the name being typed after @, in Arabic text too', () => {
    expect(mentionQueryAt('شكرًا @sa', 9)).toEqual({ start: 6, text: 'sa' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, text: '' });
  });

  it('ignores e-mail addresses, finished mentions and the middle of a name', () => {
    expect(mentionQueryAt('sara@exa', 8)).toBeNull();
    expect(mentionQueryAt('@sara ', 6)).toBeNull();
    expect(mentionQueryAt('@sara', 3)).toBeNull();
  });
});

describe('insertMention', () => {
  it('replaces the typed part with @username and a space, caret after it', () => {
    const value = 'أهلًا @sa وبعد';
    const caret = 9;
    const query = mentionQueryAt(value, caret)!;
    expect(insertMention(value, query, caret, 'sara')).toEqual({ value: 'أهلًا @sara وبعد', caret: 12 });
  });
});
