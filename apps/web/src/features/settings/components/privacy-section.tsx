import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@ray/shared/messages.ar';
import { plural } from '@ray/shared/plural';
import type { Paged } from '@ray/shared/schemas/common';
import {
  mutedWordInputSchema,
  type MutedWord,
  type MutedWordInput,
  type RestrictedUser,
} from '@ray/shared/schemas/privacy';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Hash, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { fieldProps } from '@/components/forms/field-props';
import { FormShell } from '@/components/forms/form-shell';
import { LoadMore } from '@/components/load-more';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useRestrictUser } from '@/entities/user/api/restrict-user';
import { privacyStrings } from '@/i18n/privacy.ar';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatLongDate, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useAddMutedWord,
  useMutedWords,
  useRemoveMutedWord,
  useRestrictedPeople,
} from '../api/privacy-lists';

const s = privacyStrings.settings;

type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<Paged<T>>>;

/** A titled list of the settings section: its count, its rows, its empty and failed states and "more". */
function ListBlock<T>({
  id,
  title,
  body,
  count,
  query,
  empty,
  children,
}: {
  id: string;
  title: string;
  body?: string;
  count: (total: number) => string;
  query: PagedQuery<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.pagination.totalCount ?? 0;
  return (
    <section aria-labelledby={id} className="space-y-3" data-testid={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={id} className="text-base font-bold text-slate-900">
          {title}
        </h3>
        {query.data ? <span className="text-sm text-slate-600">{count(total)}</span> : null}
      </div>
      {body ? <p className="text-sm leading-6 text-slate-600">{body}</p> : null}
      {query.isPending ? (
        <p className="flex justify-center py-3">
          <Spinner label={s.loadingMore} />
        </p>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {s.loadFailed}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {s.retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          {children(items)}
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            failed={query.isFetchNextPageError}
            onLoadMore={() => void query.fetchNextPage()}
            labels={{
              loadMore: s.more,
              loadingMore: s.loadingMore,
              nextPageFailed: s.nextPageFailed,
              retry: s.retry,
            }}
          />
        </>
      )}
    </section>
  );
}

function PeopleList({ list }: { list: 'blocks' | 'mutes' }) {
  const query = useRestrictedPeople(list);
  const restrict = useRestrictUser();
  const blocks = list === 'blocks';
  const undo = (person: RestrictedUser) => {
    restrict.mutate(
      { userId: person.userId, kind: blocks ? 'block' : 'mute', on: false },
      {
        onSuccess: () => {
          toast.success(
            blocks ? privacyStrings.unblocked(person.username) : privacyStrings.unmuted(person.username),
          );
        },
        onError: (error) => {
          toast.error(error instanceof ApiError ? error.message : privacyStrings.failed);
        },
      },
    );
  };
  return (
    <ListBlock
      id={blocks ? 'blocked-people' : 'muted-people'}
      title={blocks ? s.blockedTitle : s.mutedTitle}
      count={(total) => plural(total, s.peopleCount, formatNumber)}
      query={query}
      empty={blocks ? s.blockedEmpty : s.mutedEmpty}
    >
      {(people) => (
        <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {people.map((person) => (
            <li
              key={person.userId}
              className="flex items-center gap-3 px-3 py-2.5"
              data-testid="restricted-person"
            >
              <Link
                to={`/profile/${encodeURIComponent(person.userId)}`}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:bg-slate-50"
              >
                <Avatar src={person.avatarUrl} name={person.displayName} size="sm" />
                <span className="min-w-0 flex-1">
                  <bdi className="block truncate font-semibold text-slate-900">{person.displayName}</bdi>
                  <span className="flex flex-wrap gap-x-2 text-xs text-slate-600">
                    <bdi dir="ltr">@{person.username}</bdi>
                    <span>{s.since(formatLongDate(person.since))}</span>
                  </span>
                </span>
              </Link>
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                aria-label={blocks ? s.unblockPerson(person.displayName) : s.unmutePerson(person.displayName)}
                disabled={restrict.isPending}
                onClick={() => {
                  undo(person);
                }}
              >
                {blocks ? privacyStrings.unblock : privacyStrings.unmute}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </ListBlock>
  );
}

const EMPTY: MutedWordInput = { word: '' };

function MutedWordForm() {
  const add = useAddMutedWord();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<MutedWordInput>({ resolver: zodResolver(mutedWordInputSchema), defaultValues: EMPTY });
  const field = fieldProps(register, errors);
  const onSubmit = handleSubmit(async (values) => {
    try {
      const word = await add.mutateAsync(values);
      reset(EMPTY);
      toast.success(s.wordAdded(word.word));
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['word'])) return;
      setError('root.server', {
        message: error instanceof ApiError && error.hasServerMessage ? error.message : msg.genericRetry,
      });
    }
  });
  return (
    <FormShell
      onSubmit={onSubmit}
      pending={isSubmitting}
      error={errors.root?.server?.message}
      submitLabel={s.addWord}
      submitPlacement="end"
    >
      <TextField
        id="settings-muted-word"
        label={s.wordLabel}
        dir="auto"
        autoComplete="off"
        placeholder={s.wordPlaceholder}
        {...field('word')}
      />
    </FormShell>
  );
}

function MutedWords() {
  const query = useMutedWords();
  const remove = useRemoveMutedWord();
  return (
    <ListBlock<MutedWord>
      id="muted-words"
      title={s.wordsTitle}
      body={s.wordsBody}
      count={(total) => plural(total, s.wordsCount, formatNumber)}
      query={query}
      empty={s.wordsEmpty}
    >
      {(words) => (
        <ul className="flex flex-wrap gap-2">
          {words.map((word) => (
            <li
              key={word.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 ps-3 pe-1 text-sm text-slate-800"
              data-testid="muted-word"
            >
              {word.isHashtag ? <Hash className="size-3.5 text-slate-500" aria-label={s.hashtag} /> : null}
              <bdi dir="auto" className="min-w-0 truncate">
                {word.isHashtag ? word.word.replace(/^#/, '') : word.word}
              </bdi>
              <button
                type="button"
                aria-label={s.removeWord(word.word)}
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(word.id, {
                    onSuccess: () => {
                      toast.success(s.wordRemoved);
                    },
                    onError: (error) => {
                      toast.error(error instanceof ApiError ? error.message : privacyStrings.failed);
                    },
                  });
                }}
                className="flex size-7 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </ListBlock>
  );
}

/** Settings' «الخصوصية والأمان»: blocked people, muted people and muted words, each removable. */
export function PrivacySection() {
  return (
    <div className="space-y-5" data-testid="privacy-section">
      <Card className="space-y-5 p-5 sm:p-6">
        <header>
          <h2 className="text-lg font-bold text-slate-900">{s.title}</h2>
          <p className="mt-1 text-sm leading-6 text-slate-600">{s.subtitle}</p>
        </header>
        <MutedWordForm />
        <MutedWords />
      </Card>
      <Card className="p-5 sm:p-6">
        <PeopleList list="blocks" />
      </Card>
      <Card className="p-5 sm:p-6">
        <PeopleList list="mutes" />
      </Card>
    </div>
  );
}
