import type { ProcessReportPayload, ReportDetail } from '@ray/shared/schemas/report';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { commentKeys } from '@/entities/comment/api/comment-keys';
import { api } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/** `PUT /api/reports/{id}/process`: 2 under review, 3 approve (hides the content), 4 reject, 5 resolve. */
export function processReport(id: number, payload: ProcessReportPayload): Promise<ReportDetail> {
  return api.put<ReportDetail>(`/api/reports/${id}/process`, payload);
}

/** Decides a report; the queue, the stats and, since hiding changes what others see, posts and comments refresh. */
export function useProcessReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...payload }: ProcessReportPayload & { id: number }) => processReport(id, payload),
    onSuccess: (report) => {
      queryClient.setQueryData(reportKeys.detail(report.id), report);
      void queryClient.invalidateQueries({ queryKey: reportKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: reportKeys.stats() });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: commentKeys.all });
    },
  });
}
