import type { ReportStatusName } from '@ray/shared/schemas/report';
import { cn } from '@/lib/cn';
import { STATUS_TONES, statusLabel } from './report-labels';

export function StatusBadge({ status }: { status: ReportStatusName }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-[0.7rem] font-semibold ring-1',
        STATUS_TONES[status],
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
