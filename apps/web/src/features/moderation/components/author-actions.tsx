import { SUSPENSION_MAX_MS, SUSPENSION_MIN_MS, WARNING_MAX } from '@ray/shared/constants';
import { suspendSchema, warnSchema } from '@ray/shared/schemas/moderation';
import type { ReportDetail } from '@ray/shared/schemas/report';
import { CalendarClock, MessageSquareWarning, ShieldOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { TextField } from '@/components/ui/text-field';
import { communityStrings } from '@/i18n/community.ar';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useLiftSuspension, useSuspendAuthor, useWarnAuthor, type AuthorTarget } from '../api/author-actions';
import {
  daysFromNow,
  fromLocalInputValue,
  SUSPENSION_PRESETS,
  toLocalInputValue,
} from '../utils/suspension-date';

const s = communityStrings.moderation;

/** The server's words for a refusal it explained (a 4xx with a message), else a generic failure. */
function failure(error: unknown): string {
  return error instanceof ApiError && error.hasServerMessage && error.status < 500
    ? error.message
    : s.actionFailed;
}

function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldError(field) : undefined;
}

function WarnForm({ target, onDone }: { target: AuthorTarget; onDone: () => void }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const warn = useWarnAuthor();
  const length = Array.from(message).length;

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = warnSchema.safeParse({ message });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        warn.mutate(
          { target, ...parsed.data },
          {
            onSuccess: (result) => {
              toast.success(result.message);
              onDone();
            },
            onError: (failed) => {
              const inPlace = fieldError(failed, 'message');
              if (inPlace) setError(inPlace);
              else toast.error(failure(failed));
            },
          },
        );
      }}
    >
      <TextareaField
        id={`${id}-message`}
        label={s.warnLabel}
        rows={3}
        dir="auto"
        placeholder={s.warnPlaceholder}
        value={message}
        error={error}
        onChange={(event) => {
          setMessage(event.target.value);
        }}
        labelAside={
          <span
            className={cn(
              'text-xs tabular-nums',
              length > WARNING_MAX ? 'font-semibold text-red-700' : 'text-slate-600',
            )}
          >
            {formatNumber(length)}/{formatNumber(WARNING_MAX)}
          </span>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={warn.isPending}>
          <MessageSquareWarning className="size-4" aria-hidden="true" />
          {s.sendWarning}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone} disabled={warn.isPending}>
          {s.closeAction}
        </Button>
      </div>
    </form>
  );
}

function SuspendForm({ target, onDone }: { target: AuthorTarget; onDone: () => void }) {
  const id = useId();
  const [value, setValue] = useState(() => toLocalInputValue(daysFromNow(7)));
  const [error, setError] = useState<string | undefined>();
  const suspend = useSuspendAuthor();
  const [bounds] = useState(() => ({
    min: toLocalInputValue(new Date(Date.now() + SUSPENSION_MIN_MS)),
    max: toLocalInputValue(new Date(Date.now() + SUSPENSION_MAX_MS)),
  }));

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = suspendSchema.safeParse({ until: fromLocalInputValue(value) });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        suspend.mutate(
          { target, ...parsed.data },
          {
            onSuccess: (result) => {
              toast.success(result.message);
              onDone();
            },
            onError: (failed) => {
              const inPlace = fieldError(failed, 'until');
              if (inPlace) setError(inPlace);
              else toast.error(failure(failed));
            },
          },
        );
      }}
    >
      <TextField
        id={`${id}-until`}
        type="datetime-local"
        label={s.suspendLabel}
        hint={s.suspendHint}
        min={bounds.min}
        max={bounds.max}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
        }}
      />
      <div role="group" aria-label={s.presetsLabel} className="flex flex-wrap gap-1.5">
        {SUSPENSION_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            onClick={() => {
              setValue(toLocalInputValue(daysFromNow(days)));
              setError(undefined);
            }}
            className="rounded-full bg-surface px-3 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {s.preset(days)}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" loading={suspend.isPending}>
          <CalendarClock className="size-4" aria-hidden="true" />
          {s.confirmSuspend}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone} disabled={suspend.isPending}>
          {s.closeAction}
        </Button>
      </div>
    </form>
  );
}

/**
 * Warning and suspending the author of reported content. For anonymous content the target is the handle the
 * report gave for that one item, so the moderator acts on the author without ever learning who they are; for
 * signed content it is the author's account. Admins can also lift a suspension early.
 */
export function AuthorActions({ report }: { report: ReportDetail }) {
  const id = useId();
  const isAdmin = useAuthStore((state) => state.user?.role === 'admin');
  const [open, setOpen] = useState<'warn' | 'suspend' | null>(null);
  const lift = useLiftSuspension();
  const target: AuthorTarget | null = report.authorHandle
    ? { handle: report.authorHandle }
    : report.contentAuthor
      ? { userId: report.contentAuthor.userId }
      : null;
  if (!target) return null;

  const toggle = (panel: 'warn' | 'suspend') => {
    setOpen((current) => (current === panel ? null : panel));
  };
  const close = () => {
    setOpen(null);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="author-actions"
      className="space-y-3 rounded-xl bg-slate-50 p-3.5 ring-1 ring-slate-200"
    >
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {s.authorActions}
        </h3>
        {report.authorHandle ? (
          <p className="mt-1 text-xs leading-5 text-slate-600">{s.anonymousAuthorHint}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={open === 'warn' ? 'secondary' : 'outline'}
          size="sm"
          aria-expanded={open === 'warn'}
          onClick={() => {
            toggle('warn');
          }}
        >
          <MessageSquareWarning className="size-4" aria-hidden="true" />
          {s.warn}
        </Button>
        <Button
          variant={open === 'suspend' ? 'secondary' : 'outline'}
          size="sm"
          aria-expanded={open === 'suspend'}
          onClick={() => {
            toggle('suspend');
          }}
        >
          <CalendarClock className="size-4" aria-hidden="true" />
          {s.suspend}
        </Button>
        {isAdmin ? (
          <Button
            variant="ghost"
            size="sm"
            loading={lift.isPending}
            onClick={() => {
              lift.mutate(target, {
                onSuccess: (result) => {
                  toast.success(result.message);
                },
                onError: (failed) => {
                  toast.error(failure(failed));
                },
              });
            }}
          >
            <ShieldOff className="size-4" aria-hidden="true" />
            {s.lift}
          </Button>
        ) : null}
      </div>
      {open === 'warn' ? <WarnForm target={target} onDone={close} /> : null}
      {open === 'suspend' ? <SuspendForm target={target} onDone={close} /> : null}
    </section>
  );
}
