import type { CreateReportPayload, CreateReportResult } from '@ray/shared/schemas/report';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/reports` with the spec's field names (PostId or CommentId, Reason by name, AdditionalDetails). */
export function createReport(payload: CreateReportPayload): Promise<CreateReportResult> {
  return api.post<CreateReportResult>('/api/reports', payload);
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
