import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (`errors: { field: [message] }`) under the matching inputs. Returns
 * whether any landed, so the caller can skip repeating the same text in a form-level alert.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let applied = false;
  for (const [serverField, messages] of Object.entries(error.errors)) {
    const field = rename[serverField] ?? fields.find((name) => name === serverField);
    const message = messages[0];
    if (field && message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
