import { MESSAGES } from '@kontor/contract';
import { ApiError, errorText, fieldErrorsOf } from './api-client';

/**
 * Spec §8: on a 400 for supplier add and file URL add the server's error body is shown as
 * flattened text, `{"url": ["Enter a valid URL."]}` -> 'url: Enter a valid URL.' (several
 * fields joined by spaces; `detail` and `non_field_errors` without their key); a 400 without a
 * body is 'Something went wrong'. Any other failure reads as the api client maps it.
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
