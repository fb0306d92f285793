import { describe, expect, it } from 'vitest';
import { extractHashtags, hashtagKey, HASHTAG_MAX_LENGTH, splitHashtags } from './hashtags';

const names = (text: string) => extractHashtags(text).map((tag) => tag.name);

describe('extractHashtags', () => {
  it('finds Arabic hashtags with their normalised keys', () => {
    expect(extractHashtags('رأيي في #القهوة_المختصة و #الرياض اليوم')).toEqual([
      { name: 'القهوة_المختصة', key: 'القهوه_المختصه' },
      { name: 'الرياض', key: 'الرياض' },
    ]);
  });

  it('finds English hashtags, digits and underscores', () => {
    expect(names('Best #Coffee in #Riyadh_2024 and #2030')).toEqual(['Coffee', 'Riyadh_2024', '2030']);
    expect(names('#_private')).toEqual(['_private']);
  });

  it('keeps tashkeel and tatweel inside a tag', () => {
    expect(names('نقول #مَرْحَبًا للجميع')).toEqual(['مَرْحَبًا']);
    expect(names('يوم #جـمـيـل جداً')).toEqual(['جـمـيـل']);
    expect(extractHashtags('#جـمـيـل')[0]!.key).toBe('جميل');
  });

  it('does not take a # glued to a word', () => {
    expect(names('abc#tag')).toEqual([]);
    expect(names('كلمة#وسم')).toEqual([]);
    expect(names('https://example.com/page#section')).toEqual([]);
    expect(names('C#')).toEqual([]);
    expect(names('١٢#وسم')).toEqual([]);
  });

  it('takes a tag after a space, a line break or punctuation', () => {
    expect(names('#أول\n#ثاني (#ثالث) مرحبا،#رابع')).toEqual(['أول', 'ثاني', 'ثالث', 'رابع']);
  });

  it('ends a tag at punctuation, spaces and emoji', () => {
    expect(names('#رائع! #جميل، #قهوة🔥 #a.b')).toEqual(['رائع', 'جميل', 'قهوة', 'a']);
  });

  it('ignores a lone # and a # followed by a space', () => {
    expect(names('# وسم و # و #')).toEqual([]);
  });

  it('ignores a tag made only of tatweel, whose key is empty', () => {
    expect(names('#ـــ')).toEqual([]);
  });

  it('removes duplicates by normalised key and keeps the first spelling', () => {
    expect(names('#قهوة #قهوه #القهوة #قَهْوَة')).toEqual(['قهوة', 'القهوة']);
    expect(names('#أحمد #احمد #إحمد')).toEqual(['أحمد']);
    expect(names('#Coffee #coffee #COFFEE')).toEqual(['Coffee']);
    expect(names('#رؤية_٢٠٣٠ #رؤيه_2030')).toEqual(['رؤية_٢٠٣٠']);
    expect(names('#رائععععع #رائع')).toEqual(['رائععععع']);
  });

  it('cuts a tag to the maximum length', () => {
    const [tag] = extractHashtags(`#${'ا'.repeat(HASHTAG_MAX_LENGTH + 50)}`);
    expect(tag!.name).toHaveLength(HASHTAG_MAX_LENGTH);
  });

  it('finds nothing in text without tags', () => {
    expect(extractHashtags('لا وسوم هنا')).toEqual([]);
    expect(extractHashtags('')).toEqual([]);
  });
});

describe('hashtagKey', () => {
  it('drops a leading # and normalises', () => {
    expect(hashtagKey('#القهوة')).toBe('القهوه');
    expect(hashtagKey('Coffee')).toBe('coffee');
  });
});

describe('splitHashtags', () => {
  it('splits text into plain parts and tags', () => {
    expect(splitHashtags('أحب #القهوة كثيراً')).toEqual([
      { type: 'text', value: 'أحب ' },
      { type: 'hashtag', value: '#القهوة', name: 'القهوة' },
      { type: 'text', value: ' كثيراً' },
    ]);
  });

  it('handles tags at both ends and side by side', () => {
    expect(splitHashtags('#a #b')).toEqual([
      { type: 'hashtag', value: '#a', name: 'a' },
      { type: 'text', value: ' ' },
      { type: 'hashtag', value: '#b', name: 'b' },
    ]);
  });

  it('keeps every occurrence, even duplicates, and leaves glued # as text', () => {
    const parts = splitHashtags('#قهوة ثم #قهوة و abc#tag');
    expect(parts.filter((part) => part.type === 'hashtag')).toHaveLength(2);
    expect(parts.at(-1)).toEqual({ type: 'text', value: ' و abc#tag' });
  });

  it('gives back the original text when the parts are joined', () => {
    for (const text of [
      '',
      'بلا وسوم',
      '#وسم',
      'نص #مَرْحَبًا و#لا و #جـميل!\nسطر #2030',
      'https://x.com/a#b #ok',
    ]) {
      expect(
        splitHashtags(text)
          .map((part) => part.value)
          .join(''),
      ).toBe(text);
    }
  });

  it('returns nothing for empty text and one text part without tags', () => {
    expect(splitHashtags('')).toEqual([]);
    expect(splitHashtags('مرحبا')).toEqual([{ type: 'text', value: 'مرحبا' }]);
  });
});
