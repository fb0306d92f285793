import { msg } from '@ray/shared/messages.ar';
import { REPORT_DETAILS_MAX } from '@ray/shared/constants';
import { processReportSchema, REPORT_STATUS, type ReportDetail } from '@ray/shared/schemas/report';
import { Ban, CheckCheck, ExternalLink, EyeOff, Search, VenetianMask } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorState, PageLoader } from '@/components/page-states';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextareaField } from '@/components/ui/textarea-field';
import { communityStrings } from '@/i18n/community.ar';
import { reportStrings } from '@/i18n/report.ar';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useReport } from '../api/get-report';
import { useProcessReport } from '../api/process-report';
import { AuthorActions } from './author-actions';
import { StatusBadge } from './status-badge';

const s = communityStrings.moderation;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function Person({ person }: { person: { displayName: string; username: string; avatarUrl: string | null } }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Avatar src={person.avatarUrl} name={person.displayName} size="sm" />
      <bdi>{person.displayName}</bdi>
      <bdi dir="ltr" className="text-xs text-slate-500">
        @{person.username}
      </bdi>
    </span>
  );
}

function Quote({ label, text, hidden }: { label: string; text: string; hidden?: boolean }) {
  return (
    <figure>
      <figcaption className="mb-1.5 flex items-center gap-2 text-sm font-medium text-slate-800">
        {label}
        {hidden ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-[0.7rem] font-semibold text-amber-900 ring-1 ring-amber-200">
            <EyeOff className="size-3" aria-hidden="true" />
            {s.contentHidden}
          </span>
        ) : null}
      </figcaption>
      <blockquote
        dir="auto"
        className="max-h-56 overflow-y-auto rounded-xl border-s-4 border-slate-300 bg-slate-50 px-3.5 py-2.5 text-sm leading-7 whitespace-pre-line text-slate-800 wrap-break-word"
      >
        {text}
      </blockquote>
    </figure>
  );
}

function ReportContent({ report }: { report: ReportDetail }) {
  if (report.commentId !== null) {
    return (
      <div className="space-y-3">
        {report.comment ? (
          <Quote label={s.reportedComment} text={report.comment.content} hidden={report.comment.isHidden} />
        ) : (
          <p className="text-sm text-slate-600">{s.contentGone}</p>
        )}
        {report.post ? <Quote label={s.onThePost} text={report.post.content} /> : null}
      </div>
    );
  }
  return report.post ? (
    <Quote label={s.reportedPost} text={report.post.content} hidden={report.post.isHidden} />
  ) : (
    <p className="text-sm text-slate-600">{s.contentGone}</p>
  );
}

function Decision({ report, onDone }: { report: ReportDetail; onDone: () => void }) {
  const id = useId();
  const [note, setNote] = useState(report.moderatorNote ?? '');
  const [error, setError] = useState<string | undefined>();
  const process = useProcessReport();
  const [pending, setPending] = useState<number | null>(null);

  const decide = (status: number) => {
    const parsed = processReportSchema.safeParse({ status, note: note.trim() || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(status);
    process.mutate(
      { id: report.id, status, note: parsed.data.note ?? null },
      {
        onSuccess: () => {
          toast.success(s.done);
          onDone();
        },
        onError: (failure) => {
          toast.error(
            failure instanceof ApiError && failure.hasServerMessage && failure.status < 500
              ? failure.message
              : s.failed,
          );
        },
        onSettled: () => {
          setPending(null);
        },
      },
    );
  };

  const busy = process.isPending;
  return (
    <div className="space-y-3 border-t border-slate-100 pt-4">
      <TextareaField
        id={`${id}-note`}
        label={s.note}
        rows={2}
        dir="auto"
        placeholder={s.notePlaceholder}
        value={note}
        error={error}
        onChange={(event) => {
          setNote(event.target.value);
        }}
        labelAside={
          <span
            className={cn(
              'text-xs tabular-nums',
              note.length > REPORT_DETAILS_MAX ? 'font-semibold text-red-700' : 'text-slate-600',
            )}
          >
            {formatNumber(note.length)}/{formatNumber(REPORT_DETAILS_MAX)}
          </span>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="danger"
          size="sm"
          loading={pending === REPORT_STATUS.approved}
          disabled={busy}
          onClick={() => {
            decide(REPORT_STATUS.approved);
          }}
        >
          <EyeOff className="size-4" aria-hidden="true" />
          {s.approve}
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={pending === REPORT_STATUS.rejected}
          disabled={busy}
          onClick={() => {
            decide(REPORT_STATUS.rejected);
          }}
        >
          <Ban className="size-4" aria-hidden="true" />
          {s.reject}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={pending === REPORT_STATUS.resolved}
          disabled={busy}
          onClick={() => {
            decide(REPORT_STATUS.resolved);
          }}
        >
          <CheckCheck className="size-4" aria-hidden="true" />
          {s.resolve}
        </Button>
        {report.status === REPORT_STATUS.pending ? (
          <Button
            variant="ghost"
            size="sm"
            loading={pending === REPORT_STATUS.underReview}
            disabled={busy}
            onClick={() => {
              decide(REPORT_STATUS.underReview);
            }}
          >
            <Search className="size-4" aria-hidden="true" />
            {s.review}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A report with its content in context, and the moderator's decision while it is still open. */
export function ReportDetailsDialog({
  reportId,
  open,
  onOpenChange,
}: {
  reportId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useReport(reportId);
  const report = query.data;
  const isOpen = report
    ? report.status === REPORT_STATUS.pending || report.status === REPORT_STATUS.underReview
    : false;

  let body;
  if (report) {
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={report.statusName} />
          <span className="text-xs text-slate-600">{report.commentId !== null ? s.onComment : s.onPost}</span>
        </div>
        <ReportContent report={report} />
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label={s.reason}>{reportStrings.reports.reasons[report.reason]}</Field>
          <Field label={s.reportedAt}>{formatDateTime(report.createdAt)}</Field>
          <Field label={s.reporter}>
            <Person person={report.reporter} />
          </Field>
          <Field label={s.contentAuthor}>
            <span data-testid="content-author">
              {report.contentAuthor ? (
                <Person person={report.contentAuthor} />
              ) : report.authorHandle ? (
                <span className="inline-flex items-center gap-2">
                  <span className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                    <VenetianMask className="size-4" aria-hidden="true" />
                  </span>
                  {msg.anonymousName}
                </span>
              ) : (
                '—'
              )}
            </span>
          </Field>
          <div className="sm:col-span-2">
            <Field label={s.details}>
              <span dir="auto" className="whitespace-pre-line">
                {report.additionalDetails ?? s.noDetails}
              </span>
            </Field>
          </div>
          {report.processedAt ? (
            <Field label={s.processedAt}>{formatDateTime(report.processedAt)}</Field>
          ) : null}
          {report.moderatorNote ? (
            <Field label={s.moderatorNote}>
              <span dir="auto">{report.moderatorNote}</span>
            </Field>
          ) : null}
        </dl>
        {report.targetPostId !== null ? (
          <Link
            to={`/posts/${report.targetPostId}${report.commentId !== null ? '#comments' : ''}`}
            target="_blank"
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {s.openPost}
          </Link>
        ) : null}
        {isOpen ? (
          <Decision
            report={report}
            onDone={() => {
              onOpenChange(false);
            }}
          />
        ) : null}
        <AuthorActions report={report} />
      </div>
    );
  } else if (query.isError) {
    body = (
      <ErrorState
        title={s.detailsLoadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  } else {
    body = <PageLoader />;
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={s.detailsTitle(reportId)} size="lg">
      {body}
    </Modal>
  );
}
