import { describe, expect, it } from 'vitest';
import { isRTL, normalizeArabic } from './arabic';

describe('normalizeArabic', () => {
  it('strips tashkeel', () => {
    expect(normalizeArabic('مُحَمَّد')).toBe('محمد');
    expect(normalizeArabic('السَّلَامُ عَلَيْكُمْ')).toBe('السلام عليكم');
    expect(normalizeArabic('رَحْمٰن')).toBe('رحمن');
    expect(normalizeArabic('كِتَابًا')).toBe('كتابا');
  });

  it('strips tatweel', () => {
    expect(normalizeArabic('جـمـيـل')).toBe('جميل');
    expect(normalizeArabic('الـقـهـوة')).toBe('القهوه');
  });

  it.each([
    ['أحمد', 'احمد'],
    ['إسلام', 'اسلام'],
    ['آمن', 'امن'],
    ['ٱلله', 'الله'],
  ])('unifies the alef forms: %s → %s', (input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it('turns alef maksura into ya and ta marbuta into ha', () => {
    expect(normalizeArabic('مستشفى')).toBe('مستشفي');
    expect(normalizeArabic('على')).toBe('علي');
    expect(normalizeArabic('مدرسة')).toBe('مدرسه');
    expect(normalizeArabic('القهوة')).toBe(normalizeArabic('القهوه'));
  });

  it('turns Arabic-Indic and Persian digits into 0-9', () => {
    expect(normalizeArabic('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeArabic('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeArabic('رؤية ٢٠٣٠')).toBe('رؤيه 2030');
  });

  it('collapses a letter repeated three or more times, and keeps doubled letters', () => {
    expect(normalizeArabic('رائععععع')).toBe('رائع');
    expect(normalizeArabic('جمييييل')).toBe('جميل');
    expect(normalizeArabic('ههههههه')).toBe('ه');
    expect(normalizeArabic('goooal')).toBe('goal');
    expect(normalizeArabic('الله')).toBe('الله');
    expect(normalizeArabic('coffee')).toBe('coffee');
  });

  it('collapses a stretched letter even when tashkeel or tatweel sit between the repeats', () => {
    expect(normalizeArabic('جَمِيـيـيـل')).toBe('جميل');
  });

  it('does not collapse repeated digits', () => {
    expect(normalizeArabic('1000')).toBe('1000');
    expect(normalizeArabic('١٠٠٠')).toBe('1000');
  });

  it('lower-cases Latin letters and folds presentation forms', () => {
    expect(normalizeArabic('RIYADH')).toBe('riyadh');
    expect(normalizeArabic('ﻣﺮﺣﺒﺎ')).toBe('مرحبا');
    expect(normalizeArabic('ﻻ')).toBe('لا');
  });

  it('gives one key for the variants a reader treats as one word', () => {
    const variants = ['إسْتِشَارَة', 'استشارة', 'استشاره', 'اسـتـشـارة', 'أستشاره'];
    expect(new Set(variants.map(normalizeArabic)).size).toBe(1);
  });

  it('is idempotent', () => {
    for (const text of ['مُحَمَّد', 'رائععععع', 'أحمد ٢٠٢٤', 'مدرسةٌ', 'Hello World']) {
      expect(normalizeArabic(normalizeArabic(text))).toBe(normalizeArabic(text));
    }
  });
});

describe('isRTL', () => {
  it('follows the first strong character', () => {
    expect(isRTL('مرحبا')).toBe(true);
    expect(isRTL('hello مرحبا')).toBe(false);
    expect(isRTL('123 مرحبا')).toBe(true);
    expect(isRTL('#وسم hello')).toBe(true);
    expect(isRTL('  (hello)')).toBe(false);
    expect(isRTL('שלום')).toBe(true);
  });

  it('treats text without letters as right-to-left, the page direction', () => {
    expect(isRTL('')).toBe(true);
    expect(isRTL('123 !?')).toBe(true);
  });
});
