import { useQuery } from '@tanstack/react-query';
import {
  AtSign,
  Bell,
  BellOff,
  CheckCheck,
  Flame,
  Heart,
  MessageCircle,
  RefreshCw,
  Reply,
  Star,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import type { Notification, NotificationType } from '@ray/shared/realtime';
import { ErrorState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { notificationStrings as s } from '@/i18n/notifications.ar';
import { cn } from '@/lib/cn';
import { formatDateTime, formatNumber, formatRelativeTime } from '@/lib/format';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { useConnectionState } from '../hooks/use-notification-stream';
import { filterNotifications, type NotificationFilter } from '../utils/count-rules';

const ICONS: Record<NotificationType, LucideIcon> = {
  comment: MessageCircle,
  reply: Reply,
  mention: AtSign,
  like: Heart,
  upvote: Star,
  follow: UserPlus,
  trending: Flame,
  other: Bell,
};

const FILTERS: NotificationFilter[] = ['all', 'unread', 'read'];

function isToday(iso: string): boolean {
  return new Date(iso).toDateString() === new Date().toDateString();
}

export function NotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const list = useNotifications(true);
  const unread = useQuery(unreadCountQueryOptions());
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const connection = useConnectionState((state) => state.state);
  const failure = useConnectionState((state) => state.failure);
  const navigate = useNavigate();

  const items = list.data ?? [];
  const unreadItems = items.filter((n) => !n.isRead).length;
  const counts: Record<NotificationFilter, number> = {
    all: items.length,
    unread: unreadItems,
    read: items.length - unreadItems,
  };
  const shown = filterNotifications(items, filter);

  function open(notification: Notification) {
    if (!notification.isRead)
      markRead.mutate(notification.id, { onError: () => toast.error(s.markOneFailed) });
    if (notification.postId) void navigate(`/posts/${notification.postId}`);
  }

  return (
    <div className="space-y-5">
      <PageTitle title={s.title} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{s.title}</h1>
          <p className="mt-1 text-sm text-slate-600">{s.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void list.refetch()}
            loading={list.isFetching && !list.isLoading}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            {s.refresh}
          </Button>
          {unreadItems > 0 || (unread.data ?? 0) > 0 ? (
            <Button
              size="sm"
              loading={markAll.isPending}
              onClick={() => {
                markAll.mutate(undefined, {
                  onSuccess: () => toast.success(s.markAllDone),
                  onError: () => toast.error(s.markAllFailed),
                });
              }}
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              {s.markAllRead}
            </Button>
          ) : null}
        </div>
      </header>

      <section aria-label={s.summary.total} className="grid grid-cols-3 gap-3">
        {[
          { label: s.summary.total, value: items.length, tone: 'text-slate-900' },
          { label: s.summary.unread, value: unread.data ?? unreadItems, tone: 'text-rose-700' },
          {
            label: s.summary.today,
            value: items.filter((n) => isToday(n.createdAt)).length,
            tone: 'text-brand-700',
          },
        ].map((card) => (
          <Card key={card.label} className="px-4 py-3 text-center">
            <p className={cn('text-2xl font-bold', card.tone)}>{formatNumber(card.value)}</p>
            <p className="mt-1 text-xs text-slate-600">{card.label}</p>
          </Card>
        ))}
      </section>

      <p className="flex items-center gap-2 text-xs text-slate-500" aria-live="polite">
        <span
          className={cn(
            'size-2 rounded-full',
            connection === 'Connected' ? 'bg-emerald-500' : 'bg-slate-400',
          )}
          aria-hidden="true"
        />
        {s.connection[connection]}
        {failure && connection !== 'Connected' ? <span>({s.connectionErrors[failure]})</span> : null}
      </p>

      <div role="tablist" aria-label={s.filtersLabel} className="inline-flex rounded-xl bg-slate-100 p-1">
        {FILTERS.map((value) => (
          <button
            key={value}
            role="tab"
            type="button"
            aria-selected={filter === value}
            onClick={() => {
              setFilter(value);
            }}
            className={cn(
              'rounded-lg px-4 py-2 text-sm font-medium transition-colors',
              filter === value
                ? 'bg-surface text-brand-800 shadow-sm'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {s.filters[value]} <span className="text-xs text-slate-600">({formatNumber(counts[value])})</span>
          </button>
        ))}
      </div>

      {list.isLoading ? (
        <ul className="space-y-3" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-20 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </ul>
      ) : list.isError ? (
        <ErrorState title={s.loadFailed} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <BellOff className="size-8 text-slate-400" aria-hidden="true" />
          <h2 className="font-bold text-slate-900">
            {filter === 'unread' ? s.emptyUnread : filter === 'read' ? s.emptyRead : s.emptyAll}
          </h2>
          {filter === 'all' ? <p className="max-w-sm text-sm text-slate-600">{s.emptyAllBody}</p> : null}
        </Card>
      ) : (
        <ul className="space-y-2" aria-label={s.title}>
          {shown.map((notification) => {
            const Icon = ICONS[notification.type];
            return (
              <li key={notification.id}>
                <button
                  type="button"
                  onClick={() => {
                    open(notification);
                  }}
                  data-testid="notification"
                  className={cn(
                    'flex w-full items-start gap-3 rounded-2xl border p-4 text-start transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                    notification.isRead
                      ? 'border-slate-200 bg-surface hover:bg-slate-50'
                      : 'border-brand-200 bg-brand-50/60 hover:bg-brand-50',
                  )}
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface text-brand-700 ring-1 ring-slate-200">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-slate-900">{notification.message}</span>
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] text-slate-600">
                        {s.types[notification.type]}
                      </span>
                      {!notification.isRead ? <span className="sr-only">{s.unreadMark}</span> : null}
                    </span>
                    {notification.content ? (
                      <span dir="auto" className="mt-1 line-clamp-2 block text-sm text-slate-600">
                        {notification.content}
                      </span>
                    ) : null}
                    <time
                      dateTime={notification.createdAt}
                      title={formatDateTime(notification.createdAt)}
                      className="mt-1 block text-xs text-slate-500"
                    >
                      {formatRelativeTime(notification.createdAt)}
                    </time>
                  </span>
                  {!notification.isRead ? (
                    <span className="mt-2 size-2.5 shrink-0 rounded-full bg-rose-solid" aria-hidden="true" />
                  ) : null}
                </button>
                {notification.postId ? (
                  <Link to={`/posts/${notification.postId}`} className="sr-only">
                    {s.openPost}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
