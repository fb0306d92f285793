import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';
import { feedMsg } from './feed-messages.ar';
import { plural, type PluralForms } from './plural';

const comments: PluralForms = {
  zero: 'لا تعليقات',
  one: 'تعليق واحد',
  two: 'تعليقان',
  few: '# تعليقات',
  many: '# تعليقًا',
  other: '# تعليق',
};

describe('plural', () => {
  it('chooses each of the six Arabic forms', () => {
    expect(
      [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 110, 111, 199, 200, 1000].map((n) => plural(n, comments)),
    ).toEqual([
      'لا تعليقات',
      'تعليق واحد',
      'تعليقان',
      '3 تعليقات',
      '10 تعليقات',
      '11 تعليقًا',
      '99 تعليقًا',
      '100 تعليق',
      '101 تعليق',
      '102 تعليق',
      '103 تعليقات',
      '110 تعليقات',
      '111 تعليقًا',
      '199 تعليقًا',
      '200 تعليق',
      '1000 تعليق',
    ]);
  });

  it('writes the number with the formatter it is given', () => {
    expect(plural(12345, comments, (n) => n.toLocaleString('en-US'))).toBe('12,345 تعليقًا');
  });
});

describe('texts counted with plural', () => {
  it('confirm a rating with the star agreeing with its number', () => {
    expect([1, 2, 3, 5].map(feedMsg.rateSuccess)).toEqual([
      'تم التقييم بنجمة واحدة',
      'تم التقييم بنجمتين',
      'تم التقييم بـ 3 نجوم',
      'تم التقييم بـ 5 نجوم',
    ]);
  });
});

describe('isolate', () => {
  it('wraps a text in first strong isolate and pop directional isolate', () => {
    expect(isolate('Great idea يا صديقي')).toBe('\u2068Great idea يا صديقي\u2069');
  });
});
