import { zodResolver } from '@hookform/resolvers/zod';
import { searchFormSchema, type SearchForm as SearchFormValues } from '@ray/shared/schemas/search';
import { Search } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldMessages, inputClasses } from '@/components/ui/text-field';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { track } from '@/lib/analytics';

const s = discoveryStrings.search;

/** The page's own search box; it submits only a non-empty trimmed text (the shared search form schema). */
export function SearchForm({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SearchFormValues>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: { query },
  });

  // The header box can change the text while this page stays mounted.
  useEffect(() => {
    reset({ query });
  }, [query, reset]);

  const error = errors.query?.message;

  return (
    <form
      role="search"
      aria-label={s.formLabel}
      noValidate
      onSubmit={(event) =>
        void handleSubmit((values) => {
          const query = values.query.trim();
          track('search', { source: 'page', length: query.length });
          onSearch(query);
        })(event)
      }
    >
      <label htmlFor={id} className="sr-only">
        {s.inputLabel}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          dir="auto"
          enterKeyHint="search"
          placeholder={s.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClasses(Boolean(error))}
          {...register('query')}
        />
        <Button type="submit" className="shrink-0">
          <Search className="size-4" aria-hidden="true" />
          <span className="max-sm:sr-only">{s.submit}</span>
        </Button>
      </div>
      <FieldMessages id={id} error={error} />
    </form>
  );
}
