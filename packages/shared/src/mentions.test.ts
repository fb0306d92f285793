import { describe, expect, it } from 'vitest';
import { extractMentions, splitMentions } from './mentions';

describe('extractMentions', () => {
  it('finds distinct usernames by key in order, inside Arabic text', () => {
    expect(extractMentions('شكرًا @Sara و @omar99 ثم @sara مرة أخرى')).toEqual(['sara', 'omar99']);
  });

  it('ignores e-mail addresses, too short or too long names', () => {
    expect(extractMentions('mail sara@example.com @ab @' + 'a'.repeat(21))).toEqual([]);
  });

  it('takes a mention right after Arabic punctuation or a line break', () => {
    expect(extractMentions('مرحبا،@sara\n@omar99')).toEqual(['sara', 'omar99']);
  });
});

describe('splitMentions', () => {
  const known = [{ username: 'Sara', userId: 'u-1' }];

  it('links only people who exist and keeps the rest as text', () => {
    expect(splitMentions('أهلًا @sara و @nobody', known)).toEqual([
      { type: 'text', value: 'أهلًا ' },
      { type: 'mention', value: '@sara', username: 'Sara', userId: 'u-1' },
      { type: 'text', value: ' و @nobody' },
    ]);
  });

  it('answers the whole text when no one is known', () => {
    expect(splitMentions('@sara', [])).toEqual([{ type: 'text', value: '@sara' }]);
  });
});
