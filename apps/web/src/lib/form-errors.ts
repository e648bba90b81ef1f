import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorText, fieldErrorsOf } from './api-client';

/**
 * Puts a DRF 400 body onto the form: each known field gets its messages; whatever is left
 * (detail, non_field_errors, unknown keys) comes back as one text for an alert.
 * Nested keys arrive dotted ('account.email'), which is react-hook-form's path syntax too.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): string | null {
  const fieldErrors = fieldErrorsOf(error);
  if (!fieldErrors) return errorText(error);
  const rest: string[] = [];
  let focused = false;
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = fields.find((name) => name === key);
    if (field) {
      setError(field, { type: 'server', message: messages.join(' ') }, { shouldFocus: !focused });
      focused = true;
    } else {
      rest.push(key === 'non_field_errors' || key === 'detail' ? messages.join(' ') : `${key}: ${messages.join(' ')}`);
    }
  }
  return rest.length ? rest.join(' ') : null;
}
