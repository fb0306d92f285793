import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResult } from '@ray/shared/schemas/unsubscribe';
import { api } from '@/lib/api-client';

/**
 * The one-click unsubscribe of a digest link: the signed token in the link is all it needs, so no bearer token
 * is sent (a stale session must not stand in the way of leaving a mailing list).
 */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return api.post<UnsubscribeResult>('/api/email/unsubscribe', undefined, { query: { token }, auth: false });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
