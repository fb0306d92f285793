import type { CreateReportResult, ReportReason } from '@ray/shared/schemas/report';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ReportCommentPayload {
  commentId: number;
  reason: ReportReason;
  additionalDetails: string | null;
}

/** `POST /api/reports` for a comment, with the spec's field names. */
export function reportComment({
  commentId,
  reason,
  additionalDetails,
}: ReportCommentPayload): Promise<CreateReportResult> {
  return api.post<CreateReportResult>('/api/reports', {
    CommentId: commentId,
    Reason: reason,
    AdditionalDetails: additionalDetails,
  });
}

export function useReportComment() {
  return useMutation({ mutationFn: reportComment });
}
