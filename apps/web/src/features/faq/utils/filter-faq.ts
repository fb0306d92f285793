import { normalizeArabic } from '@ray/shared/arabic';
import { FAQ_CATEGORIES, faqCategoryLabels, type FaqCategory, type FaqEntry } from '../faq-content';

export type FaqCategoryFilter = FaqCategory | 'all';

export interface FaqFilter {
  query: string;
  category: FaqCategoryFilter;
}

/**
 * Text reduced for matching: the shared Arabic normaliser (tashkeel, tatweel, hamza forms of alef, ta marbuta,
 * alef maqsura, digits) and punctuation turned into spaces, so "كلمة المرور؟" and "كلمه المرور" meet.
 */
export function matchText(text: string): string {
  return normalizeArabic(text)
    .replace(/[^\p{L}\p{N}_]+/gu, ' ')
    .trim();
}

/** The words of a query, each to be found somewhere in an entry. */
export function queryTerms(query: string): string[] {
  const text = matchText(query);
  return text ? text.split(' ') : [];
}

interface Indexed {
  question: string;
  all: string;
}

const index = new WeakMap<FaqEntry, Indexed>();

function indexed(entry: FaqEntry): Indexed {
  let found = index.get(entry);
  if (!found) {
    const question = matchText(entry.question);
    found = {
      question,
      all: ` ${question} ${matchText(entry.answer.join(' '))} ${matchText(faqCategoryLabels[entry.category])} `,
    };
    index.set(entry, found);
  }
  return found;
}

function matchesTerms(entry: FaqEntry, terms: readonly string[]): boolean {
  const { all } = indexed(entry);
  return terms.every((term) => all.includes(term));
}

/**
 * The entries of one category (or all) that contain every word of the query in the question, the answer or the
 * category's name. Entries whose question holds every word come first; otherwise the FAQ's own order stays.
 */
export function filterFaq(entries: readonly FaqEntry[], filter: FaqFilter): FaqEntry[] {
  const terms = queryTerms(filter.query);
  const inCategory =
    filter.category === 'all' ? [...entries] : entries.filter((entry) => entry.category === filter.category);
  if (terms.length === 0) return inCategory;
  const matching = inCategory.filter((entry) => matchesTerms(entry, terms));
  const inQuestion = (entry: FaqEntry) => terms.every((term) => indexed(entry).question.includes(term));
  return [...matching.filter(inQuestion), ...matching.filter((entry) => !inQuestion(entry))];
}

/** How many entries match the query in each category and overall, for the counts on the filter chips. */
export function countByCategory(
  entries: readonly FaqEntry[],
  query: string,
): Record<FaqCategoryFilter, number> {
  const terms = queryTerms(query);
  const counts = Object.fromEntries(
    [...FAQ_CATEGORIES, 'all' as const].map((category) => [category, 0]),
  ) as Record<FaqCategoryFilter, number>;
  for (const entry of entries) {
    if (terms.length > 0 && !matchesTerms(entry, terms)) continue;
    counts[entry.category] += 1;
    counts.all += 1;
  }
  return counts;
}
