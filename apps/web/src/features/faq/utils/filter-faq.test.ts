import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, faqEntries, type FaqEntry } from '../faq-content';
import { countByCategory, filterFaq, matchText, queryTerms } from './filter-faq';

const ids = (entries: readonly FaqEntry[]) => entries.map((entry) => entry.id);

const sample: FaqEntry[] = [
  {
    id: 'one',
    category: 'posting',
    question: 'كيف أرفع صورة إلى منشوري؟',
    answer: ['اختر صورةً بصيغة PNG أو JPG.'],
  },
  {
    id: 'two',
    category: 'account',
    question: 'نسيت كلمة المرور',
    answer: ['يصلك رابط لإعادة التعيين على بريدك.'],
  },
  {
    id: 'three',
    category: 'privacy',
    question: 'من يرى بريدي؟',
    answer: ['لا أحد يرى بريدك، حتى في الرسائل الصورية.'],
  },
  {
    id: 'four',
    category: 'posting',
    question: 'هل تُحفظ إحداثيات الصورة؟',
    answer: ['لا، نزيلها قبل الحفظ ونكتفي بالمعنى.'],
  },
];

describe('the FAQ content', () => {
  it('holds 22 questions, each with an answer and a unique id, in 8 categories that all have questions', () => {
    expect(faqEntries).toHaveLength(22);
    expect(FAQ_CATEGORIES).toHaveLength(8);
    expect(new Set(ids(faqEntries)).size).toBe(22);
    for (const entry of faqEntries) {
      expect(entry.id).toMatch(/^[a-z-]+$/);
      expect(entry.answer.length).toBeGreaterThan(0);
    }
    for (const category of FAQ_CATEGORIES)
      expect(faqEntries.some((entry) => entry.category === category)).toBe(true);
  });

  it('states the image formats and the 10 MB limit of the specification', () => {
    const images = faqEntries.find((entry) => entry.id === 'images');
    const text = images?.answer.join(' ') ?? '';
    for (const part of ['PNG', 'JPG', 'GIF', '10 ميجابايت']) expect(text).toContain(part);
  });
});

describe('matchText and queryTerms', () => {
  it('drops tashkeel, tatweel and punctuation and unifies hamza, ta marbuta and alef maqsura', () => {
    expect(matchText('إِعْلانٌ')).toBe(matchText('اعلان'));
    expect(matchText('أسـئـلة؟')).toBe('اسئله');
    expect(matchText('مستشفى')).toBe(matchText('مستشفي'));
    expect(matchText('كلمة المرور؟!')).toBe('كلمه المرور');
  });

  it('splits a query into words and ignores a blank one', () => {
    expect(queryTerms('  كلمة   المرور ')).toEqual(['كلمه', 'المرور']);
    expect(queryTerms('  ؟! ')).toEqual([]);
  });
});

describe('filterFaq', () => {
  it('returns every entry, in order, for no query and every category', () => {
    expect(ids(filterFaq(sample, { query: '', category: 'all' }))).toEqual(['one', 'two', 'three', 'four']);
    expect(ids(filterFaq(sample, { query: '   ', category: 'all' }))).toEqual([
      'one',
      'two',
      'three',
      'four',
    ]);
  });

  it('keeps one category', () => {
    expect(ids(filterFaq(sample, { query: '', category: 'posting' }))).toEqual(['one', 'four']);
    expect(ids(filterFaq(sample, { query: '', category: 'support' }))).toEqual([]);
  });

  it('finds a question whatever the hamza, ta marbuta or tashkeel of the query', () => {
    expect(ids(filterFaq(sample, { query: 'احداثيات', category: 'all' }))).toEqual(['four']);
    expect(ids(filterFaq(sample, { query: 'كلمه المرور', category: 'all' }))).toEqual(['two']);
    expect(ids(filterFaq(sample, { query: 'كَلِمَةُ', category: 'all' }))).toEqual(['two']);
    expect(ids(filterFaq(sample, { query: 'بالمعنى', category: 'all' }))).toEqual(['four']);
    expect(ids(filterFaq(sample, { query: 'بالمعني', category: 'all' }))).toEqual(['four']);
  });

  it('needs every word of the query, in any order, and ignores letter case', () => {
    expect(ids(filterFaq(sample, { query: 'png صورة', category: 'all' }))).toEqual(['one']);
    expect(ids(filterFaq(sample, { query: 'صور بريد', category: 'all' }))).toEqual(['three']);
    expect(ids(filterFaq(sample, { query: 'صورة قهوة', category: 'all' }))).toEqual([]);
  });

  it('puts entries whose question holds the words before those that only mention them in the answer', () => {
    expect(ids(filterFaq(sample, { query: 'صور', category: 'all' }))).toEqual(['one', 'four', 'three']);
  });

  it('combines the query with the category', () => {
    expect(ids(filterFaq(sample, { query: 'صور', category: 'posting' }))).toEqual(['one', 'four']);
    expect(ids(filterFaq(sample, { query: 'صور', category: 'account' }))).toEqual([]);
  });

  it('matches the name of a category too', () => {
    expect(ids(filterFaq(sample, { query: 'الخصوصيه', category: 'all' }))).toEqual(['three']);
  });

  it('finds the real answers with a query typed with another hamza form', () => {
    expect(ids(filterFaq(faqEntries, { query: 'اعلانات', category: 'all' }))).toContain('ads');
    expect(ids(filterFaq(faqEntries, { query: 'الابلاغ', category: 'all' }))).toContain('report');
    expect(ids(filterFaq(faqEntries, { query: 'كلمه المرور', category: 'account' }))).toEqual(['password']);
  });
});

describe('countByCategory', () => {
  it('counts every category, including the empty ones, and the total', () => {
    expect(countByCategory(sample, '')).toEqual({
      all: 4,
      posting: 2,
      voting: 0,
      privacy: 1,
      discovery: 0,
      community: 0,
      notifications: 0,
      account: 1,
      support: 0,
    });
  });

  it('counts only the entries that match the query', () => {
    const counts = countByCategory(sample, 'صور');
    expect(counts.all).toBe(3);
    expect(counts.posting).toBe(2);
    expect(counts.privacy).toBe(1);
    expect(counts.account).toBe(0);
  });
});
