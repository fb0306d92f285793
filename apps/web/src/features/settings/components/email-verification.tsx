import type { CurrentUser } from '@ray/shared/schemas/user';
import { msg } from '@ray/shared/messages.ar';
import { BadgeCheck, MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { accountStrings } from '@/i18n/account.ar';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useResendVerification } from '../api/resend-verification';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1';

/** Whether the account's address is confirmed, next to the address itself. */
export function EmailStatusBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className={`${badge} bg-emerald-50 text-emerald-800 ring-emerald-200`}>
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {accountStrings.settings.emailVerified}
    </span>
  ) : (
    <span className={`${badge} bg-amber-50 text-amber-900 ring-amber-200`}>
      <MailWarning className="size-3.5" aria-hidden="true" />
      {accountStrings.settings.emailNotVerified}
    </span>
  );
}

/** Shown while the address is unconfirmed: what to do, and a way to get a new link. */
export function VerifyEmailNotice({ user }: { user: CurrentUser }) {
  const resend = useResendVerification();
  if (!user.email || user.emailVerified) return null;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm leading-6 text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p>{accountStrings.settings.emailNotVerifiedHint}</p>
      <Button
        variant="outline"
        size="sm"
        loading={resend.isPending}
        onClick={() => {
          resend.mutate(undefined, {
            onSuccess: (answer) => toast.success(answer.message || msg.verifyEmailSent),
            onError: (error) => toast.error(error instanceof ApiError ? error.message : msg.genericRetry),
          });
        }}
      >
        {accountStrings.settings.resendVerification}
      </Button>
    </div>
  );
}
