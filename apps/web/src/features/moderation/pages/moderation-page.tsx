import {
  REPORT_STATUS_NAMES,
  type ModerationReport,
  type ReportStatusName,
} from '@ray/shared/schemas/report';
import { FileText, Flag, MessageSquare, RefreshCw, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorState, ForbiddenState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { communityStrings } from '@/i18n/community.ar';
import { reportStrings } from '@/i18n/report.ar';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { formatNumber, formatRelativeTime, formatDateTime } from '@/lib/format';
import { useReportStats } from '../api/get-report-stats';
import { useReports } from '../api/get-reports';
import { StatusBadge } from '../components/status-badge';
import { canModerate } from '../utils/roles';

const ReportDetailsDialog = lazy(() =>
  import('../components/report-details-dialog').then((m) => ({ default: m.ReportDetailsDialog })),
);

const s = communityStrings.moderation;

function StatsCards({ onPick }: { onPick: (status: number) => void }) {
  const stats = useReportStats();
  const cards: { key: ReportStatusName | 'total'; value: number | undefined }[] = [
    { key: 'total', value: stats.data?.total },
    ...REPORT_STATUS_NAMES.map((name) => ({ key: name, value: stats.data?.byStatus[name] })),
  ];
  return (
    <section aria-label={s.statsLabel} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {cards.map((card, index) => {
        const label = card.key === 'total' ? s.total : s.statuses[card.key];
        const content = (
          <>
            <span
              className={cn(
                'block text-2xl font-bold tabular-nums',
                card.key === 'Pending' ? 'text-amber-700' : 'text-slate-900',
              )}
            >
              {card.value === undefined ? '–' : formatNumber(card.value)}
            </span>
            <span className="mt-1 block text-xs text-slate-600">{label}</span>
          </>
        );
        return card.key === 'total' ? (
          <Card key={card.key} className="px-4 py-3 text-center" data-testid="stat-total">
            {content}
          </Card>
        ) : (
          <button
            key={card.key}
            type="button"
            data-testid={`stat-${card.key}`}
            onClick={() => {
              onPick(index);
            }}
            className="rounded-2xl bg-surface px-4 py-3 text-center shadow-card ring-1 ring-slate-200/80 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {content}
          </button>
        );
      })}
    </section>
  );
}

function ReportRow({ report, onOpen }: { report: ModerationReport; onOpen: () => void }) {
  const Icon = report.commentId !== null ? MessageSquare : FileText;
  return (
    <Card className="p-4" data-testid="report">
      <article aria-label={`${s.detailsTitle(report.id)}: ${reportStrings.reports.reasons[report.reason]}`}>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1 font-medium text-slate-700">
            <Icon className="size-3.5" aria-hidden="true" />
            {report.commentId !== null ? s.onComment : s.onPost}
          </span>
          <StatusBadge status={report.statusName} />
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">
            {reportStrings.reports.reasons[report.reason]}
          </span>
          <time dateTime={report.createdAt} title={formatDateTime(report.createdAt)}>
            {formatRelativeTime(report.createdAt)}
          </time>
        </div>
        {report.excerpt ? (
          <p dir="auto" className="mt-2 line-clamp-3 text-sm leading-7 text-slate-800 wrap-break-word">
            {report.excerpt}
          </p>
        ) : null}
        {report.additionalDetails ? (
          <p dir="auto" className="mt-1 line-clamp-2 text-xs leading-6 text-slate-600">
            {report.additionalDetails}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-600">
            {s.reporter}: <bdi className="font-medium text-slate-800">{report.reporter.displayName}</bdi>
          </p>
          <Button variant="outline" size="sm" onClick={onOpen} aria-haspopup="dialog">
            {s.open}
          </Button>
        </div>
      </article>
    </Card>
  );
}

function Queue({ status, onOpen }: { status: number; onOpen: (id: number) => void }) {
  const query = useReports(status);
  const reports = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) {
    return (
      <ul className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-32 animate-pulse rounded-2xl bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorState title={s.loadFailed} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }
  if (reports.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <ShieldCheck className="size-8 text-emerald-600" aria-hidden="true" />
        <p className="font-semibold text-slate-900">{s.empty}</p>
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {reports.map((report) => (
          <li key={report.id}>
            <ReportRow
              report={report}
              onOpen={() => {
                onOpen(report.id);
              }}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="sm"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
          >
            {s.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Moderation() {
  const [status, setStatus] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const reports = useReports(status);
  const stats = useReportStats();
  return (
    <div className="space-y-5">
      <PageTitle title={s.title} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <Flag className="size-6 text-brand-600" aria-hidden="true" />
            {s.title}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{s.subtitle}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          loading={(reports.isRefetching && !reports.isFetchingNextPage) || stats.isRefetching}
          onClick={() => {
            void reports.refetch();
            void stats.refetch();
          }}
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          {s.refresh}
        </Button>
      </header>

      <StatsCards onPick={setStatus} />

      <div
        role="tablist"
        aria-label={s.queueLabel}
        className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1"
      >
        {REPORT_STATUS_NAMES.map((name, index) => {
          const value = index + 1;
          const count = stats.data?.byStatus[name];
          return (
            <button
              key={name}
              role="tab"
              type="button"
              aria-selected={status === value}
              onClick={() => {
                setStatus(value);
              }}
              className={cn(
                'shrink-0 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:px-4',
                status === value
                  ? 'bg-surface text-brand-800 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {s.statuses[name]}
              {count === undefined ? null : (
                <span className="ms-1 text-xs text-slate-600">({formatNumber(count)})</span>
              )}
            </button>
          );
        })}
      </div>

      <div role="tabpanel" aria-label={s.statuses[REPORT_STATUS_NAMES[status - 1] ?? 'Pending']}>
        <Queue status={status} onOpen={setOpenId} />
      </div>

      {openId !== null ? (
        <Suspense fallback={null}>
          <ReportDetailsDialog
            reportId={openId}
            open
            onOpenChange={(open) => {
              if (!open) setOpenId(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The moderation queue, for moderators and admins only. */
export function ModerationPage() {
  const role = useAuthStore((state) => state.user?.role);
  return canModerate(role) ? (
    <Moderation />
  ) : (
    <ForbiddenState title={s.forbiddenTitle} body={s.forbiddenBody} />
  );
}
