import { COMMENT_MAX } from '@ray/shared/constants';
import { communityStrings as s } from '@/i18n/community.ar';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

/** How many characters a comment or reply has of the most it may have, red once past it. */
export function CommentLength({ length }: { length: number }) {
  return (
    <span
      className={cn(
        'text-xs tabular-nums',
        length > COMMENT_MAX ? 'font-semibold text-red-700' : 'text-slate-600',
      )}
    >
      {s.comments.counter(formatNumber(length), formatNumber(COMMENT_MAX))}
    </span>
  );
}
