import { REPORT_EXCERPT } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { ReportDialog } from '@/components/report/report-dialog';
import { reportStrings } from '@/i18n/report.ar';
import { ApiError } from '@/lib/api-client';
import { useCreateReport } from '../api/create-report';

function excerptOf(content: string): string {
  const chars = Array.from(content);
  return chars.length > REPORT_EXCERPT ? `${chars.slice(0, REPORT_EXCERPT).join('')}…` : content;
}

/** Reports a post: a reason is required, details are optional up to 500 characters. */
export function ReportPostDialog({
  post,
  open,
  onOpenChange,
}: {
  post: Pick<Post, 'id' | 'content'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useCreateReport();
  return (
    <ReportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={reportStrings.reports.title}
      description={reportStrings.reports.description}
      excerptLabel={reportStrings.reports.excerpt}
      excerpt={excerptOf(post.content)}
      onSubmit={(values) =>
        report.mutateAsync({
          PostId: post.id,
          Reason: values.reason,
          AdditionalDetails: values.additionalDetails || null,
        })
      }
      successMessage={msg.reportSent}
      // Spec section 8: the failure, with the server's own reason when it gave one, else the retry hint.
      errorTitle={msg.reportFailed}
      errorMessage={(error) =>
        error instanceof ApiError && error.hasServerMessage && error.status < 500
          ? error.message
          : msg.reportFailedRetry
      }
    />
  );
}
