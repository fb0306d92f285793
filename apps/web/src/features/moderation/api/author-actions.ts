import type {
  ModerationActionResult,
  SuspendPayload,
  SuspensionResult,
  WarnPayload,
} from '@ray/shared/schemas/moderation';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Whom an action reaches: the hidden author of one anonymous item, through the handle the report gave for it,
 * or a signed author by account.
 */
export type AuthorTarget = { handle: string } | { userId: string };

function base(target: AuthorTarget): string {
  return 'handle' in target
    ? `/api/moderation/authors/${encodeURIComponent(target.handle)}`
    : `/api/moderation/users/${encodeURIComponent(target.userId)}`;
}

/** `POST …/warn`: the author gets the message as a notification from the moderation team. */
export function warnAuthor(target: AuthorTarget, payload: WarnPayload): Promise<ModerationActionResult> {
  return api.post<ModerationActionResult>(`${base(target)}/warn`, payload);
}

/** `POST …/suspension`: no posting, commenting or voting until `until`. */
export function suspendAuthor(target: AuthorTarget, payload: SuspendPayload): Promise<SuspensionResult> {
  return api.post<SuspensionResult>(`${base(target)}/suspension`, payload);
}

/** `DELETE …/suspension` (admins): ends a suspension early. */
export function liftSuspension(target: AuthorTarget): Promise<ModerationActionResult> {
  return api.delete<ModerationActionResult>(`${base(target)}/suspension`);
}

export function useWarnAuthor() {
  return useMutation({
    mutationFn: ({ target, ...payload }: WarnPayload & { target: AuthorTarget }) =>
      warnAuthor(target, payload),
  });
}

export function useSuspendAuthor() {
  return useMutation({
    mutationFn: ({ target, ...payload }: SuspendPayload & { target: AuthorTarget }) =>
      suspendAuthor(target, payload),
  });
}

export function useLiftSuspension() {
  return useMutation({ mutationFn: (target: AuthorTarget) => liftSuspension(target) });
}
