import { Search } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useEarlyInput } from '@/hooks/use-early-input';
import { strings } from '@/i18n/strings.ar';
import { track } from '@/lib/analytics';
import { cn } from '@/lib/cn';

/** Goes to /search?q= only when there is something to look for (spec section 5). */
export function HeaderSearch({ className, onSearched }: { className?: string; onSearched?: () => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // The search being shown, on the search page only: elsewhere `q` means nothing, and the pages rendered on the
  // server ignore it.
  const [text, setText] = useState(() => (pathname === '/search' ? (params.get('q') ?? '') : ''));
  const id = useId();
  const input = useEarlyInput<HTMLInputElement>(text, setText);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    track('search', { source: 'header', length: query.length });
    void navigate(`/search?q=${encodeURIComponent(query)}`);
    onSearched?.();
  }

  return (
    // The address and the field's name make the form work as a plain form too, before the app has started.
    <form role="search" action="/search" onSubmit={handleSubmit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {strings.search.label}
      </label>
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        enterKeyHint="search"
        placeholder={strings.search.placeholder}
        className="h-10 w-full rounded-full border border-transparent bg-slate-100 ps-4 pe-11 text-sm text-slate-900 transition-colors placeholder:text-slate-500 hover:bg-slate-200/70 focus:border-brand-500 focus:bg-surface focus:ring-4 focus:ring-brand-100 focus:outline-none"
      />
      <button
        type="submit"
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-full text-slate-600 hover:text-brand-700"
      >
        <Search className="size-4.5" aria-hidden="true" />
        <span className="sr-only">{strings.search.submit}</span>
      </button>
    </form>
  );
}
