import { MESSAGES } from '@kontor/contract';
import { ApiError, errorText, fieldErrorsOf } from '@/lib/api-client';

/**
 * Spec §8: on a 400 for supplier add the server's error body is shown as flattened text,
 * `{"name": ["A supplier with this name already exists."]}` -> 'name: A supplier with this
 * name already exists.'; a 400 without a body is 'Something went wrong'. Any other failure
 * reads as the api client maps it.
 */
export function errorBodyText(error: unknown): string {
  const fieldErrors = fieldErrorsOf(error);
  if (fieldErrors) {
    return Object.entries(fieldErrors)
      .map(([key, messages]) => (key === 'non_field_errors' || key === 'detail' ? messages.join(' ') : `${key}: ${messages.join(' ')}`))
      .join(' ');
  }
  if (error instanceof ApiError && error.status === 400 && error.data === undefined && error.message === MESSAGES.unexpectedResponseStatus) {
    return MESSAGES.somethingWentWrong;
  }
  return errorText(error);
}
