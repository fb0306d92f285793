import type { AuditEntry } from '@ray/shared/schemas/audit';
import { RefreshCw, ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { LoadMore } from '@/components/load-more';
import { ErrorState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminStrings } from '@/i18n/admin.ar';
import { communityStrings } from '@/i18n/community.ar';
import { formatCount, formatDateTime, formatRelativeTime } from '@/lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { describeAuditEntry, type AuditCopy } from '../utils/audit-entry';

const s = adminStrings.auditLog;
const copy: AuditCopy = {
  ...s,
  adStatus: adminStrings.ads.columns.status,
  statuses: communityStrings.moderation.statuses,
  reportedPost: communityStrings.moderation.reportedPost,
  reportedComment: communityStrings.moderation.reportedComment,
};

function EntryRow({ entry }: { entry: AuditEntry }) {
  const view = describeAuditEntry(entry, copy, formatDateTime);
  return (
    <article
      className="rounded-2xl bg-surface p-4 shadow-card ring-1 ring-slate-200/80"
      data-testid="audit-entry"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-[0.8rem] font-semibold text-brand-800 ring-1 ring-brand-100">
          {view.action}
        </span>
        <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
          {formatRelativeTime(entry.createdAt)}
        </time>
      </div>
      <p className="mt-2 text-sm text-slate-800">
        {view.target.href ? (
          <Link to={view.target.href} className="font-medium text-brand-700 hover:underline">
            {view.target.text}
          </Link>
        ) : (
          <span className="font-medium">{view.target.text}</span>
        )}
      </p>
      {view.target.handle ? (
        <p className="mt-1 text-xs text-slate-600">
          {s.handle}:{' '}
          <bdi dir="ltr" className="font-mono text-slate-700 break-all">
            {view.target.handle}
          </bdi>
        </p>
      ) : null}
      {view.details.length > 0 ? (
        <dl className="mt-2 space-y-1 text-sm">
          {view.details.map((detail) => (
            <div key={detail.label} className="flex flex-wrap gap-x-2">
              <dt className="text-slate-500">{detail.label}:</dt>
              <dd
                dir={detail.userText ? 'auto' : undefined}
                className="min-w-0 text-slate-800 whitespace-pre-line wrap-break-word"
              >
                {detail.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        {s.by} <bdi className="font-medium text-slate-700">{view.actor}</bdi>
      </p>
    </article>
  );
}

/** `/admin/audit-log`: what staff did, newest first, for admins (the server refuses everyone else). */
export function AdminAuditLogPage() {
  const query = useAuditLog();
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.pagination.totalCount;

  let body;
  if (query.isPending) {
    body = (
      <ul className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-28 animate-pulse rounded-2xl bg-slate-100" />
        ))}
      </ul>
    );
  } else if (query.isError && !query.data) {
    body = (
      <ErrorState title={s.loadFailed} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  } else if (entries.length === 0) {
    body = (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <ScrollText className="size-8 text-slate-400" aria-hidden="true" />
        <p className="font-semibold text-slate-900">{s.empty}</p>
      </Card>
    );
  } else {
    body = (
      <div className="space-y-3">
        <ol className="space-y-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <EntryRow entry={entry} />
            </li>
          ))}
        </ol>
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
    <section aria-labelledby="audit-log-title" className="space-y-4">
      <PageTitle title={`${s.title} | ${adminStrings.title}`} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="audit-log-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
            <ScrollText className="size-5 text-brand-600" aria-hidden="true" />
            {s.title}
            {total === undefined ? null : (
              <span className="text-sm font-medium text-slate-500">({formatCount(total, s.count)})</span>
            )}
          </h2>
          <p className="mt-1 max-w-2xl text-sm leading-6 text-slate-600">{s.subtitle}</p>
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
      {body}
    </section>
  );
}
