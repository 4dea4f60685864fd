import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client.ts';

/**
 * Puts the server's field problems (i18n keys) on the form's fields; returns true when it did, so
 * the caller shows the general message only for errors that belong to no field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** "Please fill out all the fields" when more than one field is empty. */
export function countRequired(errors: Record<string, { message?: unknown } | undefined>): number {
  return Object.values(errors).filter((error) => error?.message === 'auth:validation.required').length;
}
