import type { ContactMessage } from '@ray/shared/schemas/contact';
import { CheckCheck, Inbox, MailOpen, RefreshCw, Reply } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { LoadMore } from '@/components/load-more';
import { ErrorState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { siteStrings } from '@/i18n/site.ar';
import { cn } from '@/lib/cn';
import { formatCount, formatDateTime, formatRelativeTime } from '@/lib/format';
import { useContactMessages } from '../api/get-contact-messages';
import { useMarkContactMessageRead } from '../api/mark-contact-message-read';

const s = siteStrings.inbox;
/** Longer messages start folded, so one long letter does not push the rest of the inbox out of sight. */
const FOLD_AT = 280;

function MessageRow({ message }: { message: ContactMessage }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const markRead = useMarkContactMessageRead();
  const long = message.message.length > FOLD_AT;
  const replySubject = encodeURIComponent(s.replySubject(message.subject));

  return (
    <article
      aria-labelledby={`${id}-subject`}
      data-testid="contact-message"
      data-unread={message.isRead ? undefined : 'true'}
      className={cn(
        'rounded-2xl p-4 ring-1 transition-colors',
        message.isRead ? 'bg-surface ring-slate-200/80' : 'bg-brand-50/60 ring-brand-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {message.isRead ? null : (
          <span className="rounded-full bg-brand-solid px-2 py-0.5 font-semibold text-white">
            {s.unreadBadge}
          </span>
        )}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">
          {siteStrings.contact.categories[message.category]}
        </span>
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
          {formatRelativeTime(message.createdAt)}
        </time>
      </div>
      <h3
        id={`${id}-subject`}
        dir="auto"
        className={cn(
          'mt-2 text-base wrap-break-word text-slate-900',
          message.isRead ? 'font-semibold' : 'font-bold',
        )}
      >
        {message.subject}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {s.from}: <bdi className="font-medium text-slate-800">{message.name}</bdi>{' '}
        <bdi dir="ltr" className="break-all">
          &lt;{message.email}&gt;
        </bdi>{' '}
        <span className="text-xs text-slate-500">({message.userId ? s.member : s.visitor})</span>
      </p>
      <p
        id={`${id}-body`}
        dir="auto"
        className={cn(
          'mt-3 text-sm leading-7 whitespace-pre-line text-slate-800 wrap-break-word',
          long && !expanded && 'line-clamp-4',
        )}
      >
        {message.message}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        {long ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={`${id}-body`}
            onClick={() => {
              setExpanded((value) => !value);
            }}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {expanded ? s.showLess : s.showMore}
          </button>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-2">
          <a
            href={`mailto:${message.email}?subject=${replySubject}`}
            className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <Reply className="size-4" aria-hidden="true" />
            {s.reply}
          </a>
          {message.isRead ? null : (
            <Button
              variant="outline"
              size="sm"
              loading={markRead.isPending}
              onClick={() => {
                markRead.mutate(message.id, {
                  onError: () => {
                    toast.error(s.markReadFailed);
                  },
                });
              }}
            >
              <MailOpen className="size-4" aria-hidden="true" />
              {s.markRead}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * The admins' inbox of contact-form messages: newest first, unread ones highlighted, a filter for the unread,
 * "load more" paging and a mark-read action. It brings no page chrome, so an admin area can place it anywhere.
 */
export function ContactMessagesPanel({ className }: { className?: string }) {
  const id = useId();
  const [unread, setUnread] = useState(false);
  const query = useContactMessages({ unread });
  const messages = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.pagination.totalCount;

  let body;
  if (query.isPending) {
    body = (
      <ul className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-36 animate-pulse rounded-2xl bg-slate-100" />
        ))}
      </ul>
    );
  } else if (query.isError && !query.data) {
    body = (
      <ErrorState title={s.loadFailed} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  } else if (messages.length === 0) {
    body = (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        {unread ? (
          <CheckCheck className="size-8 text-emerald-600" aria-hidden="true" />
        ) : (
          <Inbox className="size-8 text-slate-400" aria-hidden="true" />
        )}
        <p className="font-semibold text-slate-900">{unread ? s.emptyUnread : s.empty}</p>
      </Card>
    );
  } else {
    body = (
      <div className="space-y-3">
        <ul className="space-y-3">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageRow message={message} />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          failed={query.isFetchNextPageError}
          onLoadMore={() => void query.fetchNextPage({ cancelRefetch: false })}
          labels={s}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className={cn('space-y-4', className)}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold text-slate-900">
            <Inbox className="size-5 text-brand-600" aria-hidden="true" />
            {s.title}
            {total === undefined ? null : (
              <span className="text-sm font-medium text-slate-500">
                ({formatCount(total, s.messageForms)})
              </span>
            )}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{s.subtitle}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          loading={query.isRefetching && !query.isFetchingNextPage}
          onClick={() => void query.refetch()}
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          {s.refresh}
        </Button>
      </header>
      <div role="group" aria-label={s.filterLabel} className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
        {[false, true].map((value) => (
          <button
            key={String(value)}
            type="button"
            aria-pressed={unread === value}
            onClick={() => {
              setUnread(value);
            }}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
              unread === value
                ? 'bg-surface text-brand-800 shadow-sm'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {value ? s.unread : s.all}
          </button>
        ))}
      </div>
      {body}
    </section>
  );
}
