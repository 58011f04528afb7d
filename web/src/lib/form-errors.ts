import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the server's field errors (D2 `errors[]`) under the form's own fields,
 * as react-hook-form errors; returns how many it placed. Errors about fields
 * the form does not have are left to the caller's toast.
 */
export function setServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): number {
  if (!(error instanceof ApiError)) return 0;
  let placed = 0;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message === undefined) continue;
    // Only the first error focuses its field, as a failed client-side check does.
    setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed;
}
