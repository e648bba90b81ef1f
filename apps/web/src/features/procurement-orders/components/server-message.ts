import { errorText, fieldErrorsOf } from '@/lib/api-client';

/** A 400's DRF messages as one sentence (without the field names), or the mapped error text. */
export function serverMessage(error: unknown): string {
  const fields = fieldErrorsOf(error);
  return fields ? Object.values(fields).flat().join(' ') : errorText(error);
}
