import { normalizeArabic } from '@ray/shared/arabic';
import { extractHashtags, HASHTAG_PATTERN } from '@ray/shared/hashtags';

/** Words beyond this many are not matched: each one is another indexed condition of the query. */
export const MAX_SEARCH_WORDS = 8;

/** Letters, digits and underscore only: a word can never carry SQL, LIKE or regex syntax. */
const WORD = /[\p{L}\p{N}_]+/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Words of Arabic letters only get a skeleton long enough to mean something. */
const ARABIC_WORD = /^[\u0621-\u064A]{3,}$/u;
/** The article and the particles glued to it, removed only when three letters remain (الله stays الله). */
const ARTICLE = /^(?:وبال|وال|بال|فال|كال|ولل|لل|ال)(?=.{3})/u;
/** Plural and feminine endings of the normalised text (ة is already ه), removed only when three letters remain. */
const ENDING = /(?<=.{3})(?:ات|ون|ين|ه)$/u;

/**
 * Particles and pronouns in normalised form. They would make every word required without narrowing anything
 * (الجمال في الصحراء must also find الصحراء والجمال), so they only count for the exact phrase bonus, unless the
 * query has nothing else.
 */
const STOPWORDS = new Set([
  'في',
  'من',
  'علي',
  'الي',
  'عن',
  'مع',
  'ان',
  'او',
  'ثم',
  'بل',
  'لكن',
  'اذا',
  'حتي',
  'قد',
  'لم',
  'لن',
  'لا',
  'ما',
  'يا',
  'هذا',
  'هذه',
  'ذلك',
  'تلك',
  'الذي',
  'التي',
  'الذين',
  'هو',
  'هي',
  'هم',
  'انا',
  'انت',
  'نحن',
  'كان',
  'كانت',
  'عند',
  'كل',
]);

export interface SearchWord {
  /** The word as typed, normalised. */
  text: string;
  /** Without a leading article: بالكتاب → كتاب. */
  core: string;
  /**
   * The start of a word to look for in the text: the core without its ending, so سيارات finds السياره and
   * مدرسه finds المدرسين. Null when shorter than three letters (too common a start to look for).
   */
  fragment: string | null;
  /** Words of three Arabic letters or more also match by consonant skeleton (broken plurals). */
  arabic: boolean;
}

export interface SearchTerms {
  words: SearchWord[];
  /** Normalised words in their order, for the exact phrase bonus. */
  phrase: string[];
  /** Keys of the tags written with `#`: results must carry them. */
  requiredTags: string[];
  /** Keys of tags the words may name (a word, or all of them joined by `_`): posts carrying one rank first. */
  tagKeys: string[];
}

function toWord(text: string): SearchWord {
  const core = text.replace(ARTICLE, '');
  const stem = core.replace(ENDING, '');
  return { text, core, fragment: stem.length >= 3 ? stem : null, arabic: ARABIC_WORD.test(text) };
}

/**
 * Splits a search query into what the SQL matches: `#tags`, and words normalised the way post content is
 * (normalizeArabic), so that tashkeel, tatweel, hamza and alef forms, ta marbuta, alef maksura, Arabic-Indic digits
 * and stretched letters never decide whether a post is found. Punctuation and symbols only separate words.
 */
export function parseSearchQuery(query: string): SearchTerms {
  const requiredTags = [...new Set(extractHashtags(query).map((tag) => tag.key))];
  const text = normalizeArabic(query.replace(HASHTAG_PATTERN, ' '));
  const phrase = (text.match(WORD) ?? [])
    .map((token) => token.replace(/^_+|_+$/g, ''))
    .filter((token) => token.length >= 2 && HAS_LETTER_OR_DIGIT.test(token));
  const meaningful = phrase.filter((token) => !STOPWORDS.has(token));
  const words = [...new Set(meaningful.length > 0 ? meaningful : phrase)]
    .slice(0, MAX_SEARCH_WORDS)
    .map(toWord);
  const tagKeys = new Set(words.flatMap((word) => [word.text, word.core]));
  if (phrase.length > 1) tagKeys.add(phrase.join('_'));
  return { words, phrase, requiredTags, tagKeys: [...tagKeys, ...requiredTags] };
}
