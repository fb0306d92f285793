import { ApiError } from '@/lib/api-client';

/**
 * Spec section 8: the server's message when it sent one, the feature's default when it answered without one,
 * and the "an error occurred" text when there was no answer at all.
 */
export function authFailureMessage(error: unknown, fallback: string, exception: string): string {
  if (error instanceof ApiError && !error.isNetworkError)
    return error.hasServerMessage ? error.message : fallback;
  return exception;
}
