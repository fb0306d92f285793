import type { ReportStatusName } from '@ray/shared/schemas/report';
import { communityStrings } from '@/i18n/community.ar';

export const STATUS_TONES: Record<ReportStatusName, string> = {
  Pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  UnderReview: 'bg-sky-50 text-sky-900 ring-sky-200',
  Approved: 'bg-red-50 text-red-800 ring-red-200',
  Rejected: 'bg-slate-100 text-slate-700 ring-slate-200',
  Resolved: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
};

export const statusLabel = (name: ReportStatusName): string => communityStrings.moderation.statuses[name];
