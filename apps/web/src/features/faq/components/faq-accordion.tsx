import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';
import { faqCategoryLabels, type FaqEntry } from '../faq-content';

/**
 * The FAQ as a disclosure list (WAI-ARIA accordion pattern without the optional region role, which suits few
 * panels): each question is a button in a heading, with `aria-expanded` and `aria-controls` on its answer.
 * Several answers may stay open at once.
 */
export function FaqAccordion({
  entries,
  openIds,
  onToggle,
  showCategory,
}: {
  entries: readonly FaqEntry[];
  openIds: ReadonlySet<string>;
  onToggle: (id: string) => void;
  showCategory: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-surface shadow-card ring-1 ring-slate-200/80">
      {entries.map((entry) => {
        const open = openIds.has(entry.id);
        const buttonId = `faq-${entry.id}-question`;
        const panelId = `faq-${entry.id}-answer`;
        return (
          <li
            key={entry.id}
            id={`faq-${entry.id}`}
            data-testid="faq-item"
            className={cn('scroll-mt-24 transition-colors', open && 'bg-brand-50/40')}
          >
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => {
                  onToggle(entry.id);
                }}
                className={cn(
                  'flex w-full items-start gap-3 px-4 py-4 text-start transition-colors sm:px-5',
                  'hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                  open && 'hover:bg-brand-50/60',
                )}
              >
                <span className="min-w-0 flex-1">
                  {showCategory ? (
                    <span className="mb-1 block text-xs font-medium text-brand-700">
                      {faqCategoryLabels[entry.category]}
                    </span>
                  ) : null}
                  <span className="block text-base leading-7 font-semibold text-slate-900">
                    {entry.question}
                  </span>
                </span>
                <ChevronDown
                  className={cn(
                    'mt-1 size-5 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none',
                    open && 'rotate-180 text-brand-700',
                  )}
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div
              id={panelId}
              hidden={!open}
              className="space-y-3 px-4 pb-5 text-[0.95rem] leading-8 text-slate-700 sm:px-5"
            >
              {entry.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
