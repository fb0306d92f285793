import { REPORT_EXCERPT } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import { ReportDialog } from '@/components/report/report-dialog';
import { communityStrings as s } from '@/i18n/community.ar';
import { ApiError } from '@/lib/api-client';
import { useReportComment } from '../api/report-comment';
import { truncateComment } from '../utils/truncate-comment';

/** Reports a comment: a reason is required, details are optional up to 500 characters. */
export function ReportCommentDialog({
  comment,
  open,
  onOpenChange,
}: {
  comment: Pick<Comment, 'id' | 'content'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useReportComment();
  return (
    <ReportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={s.comments.reportTitle}
      description={s.comments.reportDescription}
      excerptLabel={s.comments.reportExcerpt}
      excerpt={truncateComment(comment.content, REPORT_EXCERPT).text}
      detailsDir="auto"
      onSubmit={(values) =>
        report.mutateAsync({
          commentId: comment.id,
          reason: values.reason,
          additionalDetails: values.additionalDetails || null,
        })
      }
      successMessage={`${msg.reportSent}...`}
      errorMessage={(error) =>
        error instanceof ApiError && error.hasServerMessage ? error.message : msg.commentReportError
      }
    />
  );
}
