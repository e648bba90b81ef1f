import { MESSAGES } from '@kontor/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorBodyText } from './error-body-text';

const badRequest = (data: unknown, text = JSON.stringify(data)) => new ApiError(400, text, data);

describe('errorBodyText (spec §8: a 400 body shown flattened)', () => {
  it('flattens each field with its messages, in the order the server sent them', () => {
    expect(errorBodyText(badRequest({ url: ['Enter a valid URL.'] }))).toBe('url: Enter a valid URL.');
    expect(errorBodyText(badRequest({ url: ['Enter a valid URL.'], priority: ['Enter a whole number.', 'Too big.'] }))).toBe(
      'url: Enter a valid URL. priority: Enter a whole number. Too big.',
    );
  });

  it('reads detail and non_field_errors without their key', () => {
    expect(errorBodyText(badRequest({ non_field_errors: ['Nothing to save.'], url: ['Required.'] }))).toBe('Nothing to save. url: Required.');
    expect(errorBodyText(badRequest({ detail: 'Malformed JSON.' }))).toBe('Malformed JSON.');
  });

  it("says 'Something went wrong' for a 400 without a body", () => {
    expect(errorBodyText(new ApiError(400, MESSAGES.unexpectedResponseStatus))).toBe(MESSAGES.somethingWentWrong);
  });

  it('reads any other failure as the api client maps it', () => {
    expect(errorBodyText(new ApiError(404, MESSAGES.notFound))).toBe(MESSAGES.notFound);
    expect(errorBodyText(new ApiError(503, 'Service Unavailable', { detail: 'Try again later.' }))).toBe('Try again later.');
    expect(errorBodyText(new Error('Network down'))).toBe('Network down');
  });
});
