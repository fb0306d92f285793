import { msg } from '@ray/shared/messages.ar';
import { Alert } from '@/components/ui/alert';
import { useNow } from '@/hooks/use-now';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/format';

/**
 * Tells a suspended user, where they would post, comment or vote, until when they cannot. Reads the signed-in
 * user's own profile unless given `until`; shows nothing once the date has passed. The server refuses the
 * writes anyway, with the same words.
 */
export function SuspensionNotice({ until, className }: { until?: string | null; className?: string }) {
  const own = useAuthStore((state) => state.user?.suspendedUntil ?? null);
  const now = useNow();
  const end = until === undefined ? own : until;
  if (!end || Date.parse(end) <= now) return null;
  return (
    <Alert tone="warning" className={className}>
      <p data-testid="suspension-notice" className="font-semibold">
        {msg.accountSuspended(formatDateTime(end))}
      </p>
      <p className="text-xs">{strings.suspension.hint}</p>
    </Alert>
  );
}
