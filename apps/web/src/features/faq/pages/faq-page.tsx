import { CircleHelp, MessageCircleQuestion, Search, SearchX, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { useEarlyInput } from '@/hooks/use-early-input';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { siteStrings } from '@/i18n/site.ar';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber } from '@/lib/format';
import { FaqAccordion } from '../components/faq-accordion';
import { FAQ_CATEGORIES, faqCategoryLabels, faqEntries, type FaqCategory } from '../faq-content';
import { countByCategory, filterFaq, type FaqCategoryFilter } from '../utils/filter-faq';

const s = siteStrings.faq;
const CHIPS: readonly FaqCategoryFilter[] = ['all', ...FAQ_CATEGORIES];

function readCategory(value: string | null): FaqCategoryFilter {
  return value !== null && (FAQ_CATEGORIES as readonly string[]).includes(value)
    ? (value as FaqCategory)
    : 'all';
}

/** The entry a `#faq-<id>` link points at, opened on arrival. */
function linkedId(hash: string): string | null {
  const id = decodeURIComponent(hash.replace(/^#(faq-)?/, ''));
  return faqEntries.some((entry) => entry.id === id) ? id : null;
}

/** `/faq`: 22 answers, a search that ignores Arabic spelling variants, 8 category filters and an accordion. */
export function FaqPage() {
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  const query = params.get('q') ?? '';
  const category = readCategory(params.get('category'));
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => {
    const id = linkedId(hash);
    return new Set(id ? [id] : []);
  });

  useEffect(() => {
    const id = linkedId(hash);
    if (id) document.getElementById(`faq-${id}`)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const search = useEarlyInput<HTMLInputElement>(query, (q) => {
    update({ q });
  });

  const results = useMemo(() => filterFaq(faqEntries, { query, category }), [query, category]);
  const counts = useMemo(() => countByCategory(faqEntries, query), [query]);

  // The search lives in the address, so a filtered list can be shared; typing must not add history entries.
  function update(change: { q?: string; category?: FaqCategoryFilter }) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (change.q !== undefined) {
          if (change.q) next.set('q', change.q);
          else next.delete('q');
        }
        if (change.category !== undefined) {
          if (change.category === 'all') next.delete('category');
          else next.set('category', change.category);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function toggle(id: string) {
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="space-y-6">
      <PageTitle title={s.title} />
      <header className="rounded-3xl bg-gradient-to-bl from-brand-50 via-surface to-surface px-6 py-7 ring-1 ring-brand-100 sm:px-10 sm:py-8">
        <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-solid text-white">
          <CircleHelp className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold text-slate-900">{s.title}</h1>
        <p className="mt-3 max-w-2xl text-base leading-8 text-slate-700 sm:text-lg">{s.lead}</p>
      </header>

      <Card className="space-y-4 p-4 sm:p-5">
        <search>
          <label htmlFor="faq-search" className="sr-only">
            {s.searchLabel}
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute start-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              ref={search}
              id="faq-search"
              type="search"
              value={query}
              onChange={(event) => {
                update({ q: event.target.value });
              }}
              placeholder={s.searchPlaceholder}
              autoComplete="off"
              enterKeyHint="search"
              className={cn(
                'block h-12 w-full rounded-xl border border-slate-300 bg-surface ps-11 pe-11 text-base text-slate-900 shadow-xs',
                'placeholder:text-slate-400 hover:border-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none',
                '[&::-webkit-search-cancel-button]:appearance-none',
              )}
            />
            {query ? (
              <button
                type="button"
                onClick={() => {
                  update({ q: '' });
                  document.getElementById('faq-search')?.focus();
                }}
                aria-label={s.clearSearch}
                className="absolute end-2 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </div>
        </search>
        <div
          role="group"
          aria-label={s.categoriesLabel}
          className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
        >
          {CHIPS.map((chip) => {
            const active = chip === category;
            return (
              <button
                key={chip}
                type="button"
                aria-pressed={active}
                onClick={() => {
                  update({ category: chip });
                }}
                className={cn(
                  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  active
                    ? 'bg-brand-solid text-white shadow-sm'
                    : 'bg-slate-100 text-slate-700 hover:bg-slate-200 hover:text-slate-900',
                )}
              >
                {chip === 'all' ? s.all : faqCategoryLabels[chip]}
                <span
                  className={cn(
                    'rounded-full px-1.5 text-xs tabular-nums',
                    active ? 'bg-black/20 text-white' : 'bg-surface text-slate-600',
                  )}
                >
                  {formatNumber(counts[chip])}
                </span>
              </button>
            );
          })}
        </div>
      </Card>

      <section aria-labelledby="faq-results-title" className="space-y-3">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="faq-results-title" className="text-lg font-bold text-slate-900">
            {category === 'all' ? s.resultsLabel : faqCategoryLabels[category]}
          </h2>
          <p role="status" className="text-sm text-slate-600">
            {formatCount(results.length, s.questionForms)}
          </p>
        </div>
        {results.length > 0 ? (
          <FaqAccordion
            entries={results}
            openIds={openIds}
            onToggle={toggle}
            showCategory={category === 'all'}
          />
        ) : (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="faq-empty">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
              <SearchX className="size-7" aria-hidden="true" />
            </span>
            <h3 className="text-lg font-bold text-slate-900">{s.emptyTitle}</h3>
            <p className="max-w-md leading-7 text-slate-600">{s.emptyBody}</p>
            <div className="mt-1 flex flex-wrap justify-center gap-2.5">
              <Button
                variant="outline"
                onClick={() => {
                  update({ q: '', category: 'all' });
                }}
              >
                {s.showAll}
              </Button>
              <Link to="/contact" className={buttonClasses({ variant: 'secondary' })}>
                {s.contactLink}
              </Link>
            </div>
          </Card>
        )}
      </section>

      <Card className="flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-100 text-amber-800">
          <MessageCircleQuestion className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-bold text-slate-900">{s.moreTitle}</h2>
          <p className="mt-1 text-sm leading-7 text-slate-600">{s.moreBody}</p>
        </div>
        <Link to="/contact" className={buttonClasses()}>
          {s.contactLink}
        </Link>
      </Card>
    </div>
  );
}
