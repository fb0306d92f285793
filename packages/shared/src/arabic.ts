/**
 * Arabic text normalisation used for matching only (hashtag keys, search); the text as written is what is shown.
 * Variants that readers treat as the same word become one string: diacritics (tashkeel) and tatweel vanish,
 * the alef forms become bare alef, alef maksura becomes ya, ta marbuta becomes ha, Arabic-Indic digits become
 * ASCII digits and a letter stretched three or more times collapses to one.
 */

const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ALEF_FORMS = /[\u0622\u0623\u0625\u0671]/g;
const ALEF_MAKSURA = /\u0649/g;
const TA_MARBUTA = /\u0629/g;
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669]/g;
const PERSIAN_DIGITS = /[\u06F0-\u06F9]/g;
const STRETCHED = /(\p{L})\1{2,}/gu;

export function normalizeArabic(text: string): string {
  return text
    .normalize('NFKC')
    .replace(TASHKEEL, '')
    .replace(TATWEEL, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(ALEF_MAKSURA, '\u064A')
    .replace(TA_MARBUTA, '\u0647')
    .replace(ARABIC_INDIC_DIGITS, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(PERSIAN_DIGITS, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(STRETCHED, '$1')
    .toLowerCase();
}

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const LTR_CHAR = /[A-Za-z\u00C0-\u024F]/;

/** True when the first strong character of the text is right-to-left. */
export function isRTL(text: string): boolean {
  for (const ch of text) {
    if (RTL_CHAR.test(ch)) return true;
    if (LTR_CHAR.test(ch)) return false;
  }
  return true;
}
