import type { ActiveSession } from '@ray/shared/schemas/session';
import { msg } from '@ray/shared/messages.ar';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';

const text = accountStrings.settings;
const MOBILE = new Set(['iPhone', 'iPad', 'Android']);

const failure = (error: unknown) => (error instanceof ApiError ? error.message : msg.genericRetry);

function SessionRow({ session, onEnd }: { session: ActiveSession; onEnd: () => void }) {
  const Icon = session.os && MOBILE.has(session.os) ? Smartphone : Monitor;
  return (
    <li className="flex items-center gap-3 py-4" data-testid="active-session">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {/* An Arabic phrase around Latin names («Chrome على Windows»): it reads in the page's direction. */}
          <span dir="rtl">{session.device}</span>
          {session.current ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
              {text.thisDevice}
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-slate-600">
          <span title={formatDateTime(session.lastUsedAt)}>
            {text.sessionLastUsed(formatRelativeTime(session.lastUsedAt))}
          </span>
          {session.ip ? (
            <>
              {' · '}
              <span className="sr-only">{text.sessionAddress} </span>
              <bdi dir="ltr">{session.ip}</bdi>
            </>
          ) : null}
        </p>
        <p className="text-xs text-slate-500">{text.sessionStarted(formatDateTime(session.createdAt))}</p>
      </div>
      {session.current ? null : (
        <Button variant="outline" size="sm" aria-label={text.endSessionLabel(session.device)} onClick={onEnd}>
          {text.endSession}
        </Button>
      )}
    </li>
  );
}

/** «الجلسات النشطة»: where the account is signed in, with a way to end any session but this one. */
export function ActiveSessions() {
  const sessions = useSessions();
  // Here rather than in the row: the row leaves the list as soon as it is ended, and its answer still counts.
  const end = useEndSession();
  const signOutOthers = useSignOutOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current).length;

  return (
    <section aria-labelledby="active-sessions-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="active-sessions-title" className="text-lg font-bold text-slate-900">
            {text.sessionsTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{text.sessionsBody}</p>
        </div>
        {others > 0 ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setConfirming(true);
            }}
          >
            <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {text.signOutOthers}
          </Button>
        ) : null}
      </div>

      {sessions.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={text.sessionsTitle} />
        </div>
      ) : null}
      {sessions.isError ? (
        <ErrorState
          title={text.sessionsLoadFailed}
          message={failure(sessions.error)}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : null}
      {sessions.isSuccess ? (
        <>
          <ul className="mt-2 divide-y divide-slate-100">
            {items.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onEnd={() => {
                  end.mutate(session.id, {
                    onSuccess: (answer) => {
                      toast.success(answer.message || msg.sessionEnded);
                    },
                    onError: (error) => {
                      toast.error(failure(error));
                    },
                  });
                }}
              />
            ))}
          </ul>
          {others === 0 ? <p className="text-sm text-slate-600">{text.noOtherSessions}</p> : null}
        </>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.signOutOthersTitle}
        description={text.signOutOthersBody}
        confirmLabel={text.signOutOthers}
        cancelLabel={text.cancel}
        danger
        pending={signOutOthers.isPending}
        onConfirm={() => {
          signOutOthers.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              toast.success(answer.message || msg.otherSessionsEnded);
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(failure(error));
            },
          });
        }}
      />
    </section>
  );
}
