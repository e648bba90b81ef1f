// The global configuration is zod core's (the classic `zod` entry re-exports it): what the web's
// entry needs of zod for this is core's config and its helpers, about 4 KB gzip (ADR 0028).
import { config, type $ZodRawIssue } from 'zod/v4/core';

/**
 * DRF's words for a length, bound or format a schema refuses without a message of its own (a
 * schema's own message always wins). zod's defaults ("Too big: expected string to have <=100
 * characters") are not the dialect (DESIGN §3): a client written for DRF shows DRF's messages,
 * and the web's forms show the same words before a request is sent. The wording is
 * rest_framework/fields.py's (CharField, IntegerField, ListField, EmailField, URLField, ...).
 */
export const DRF_FIELD_MESSAGES = {
  blank: 'This field may not be blank.',
  emptyList: 'This list may not be empty.',
  maxLength: (max: number | bigint) => `Ensure this field has no more than ${max} characters.`,
  minLength: (min: number | bigint) => `Ensure this field has at least ${min} characters.`,
  exactLength: (length: number | bigint) => `Ensure this field has exactly ${length} characters.`,
  maxItems: (max: number | bigint) => `Ensure this field has no more than ${max} elements.`,
  minItems: (min: number | bigint) => `Ensure this field has at least ${min} elements.`,
  exactItems: (length: number | bigint) => `Ensure this field has exactly ${length} elements.`,
  maxValue: (max: number | bigint) => `Ensure this value is less than or equal to ${max}.`,
  minValue: (min: number | bigint) => `Ensure this value is greater than or equal to ${min}.`,
  below: (bound: number | bigint) => `Ensure this value is less than ${bound}.`,
  above: (bound: number | bigint) => `Ensure this value is greater than ${bound}.`,
  maxDecimalPlaces: (places: number) => `Ensure that there are no more than ${places} decimal places.`,
  multipleOf: (divisor: number) => `Ensure this value is a multiple of ${divisor}.`,
  email: 'Enter a valid email address.',
  url: 'Enter a valid URL.',
  uuid: 'Must be a valid UUID.',
  pattern: 'This value does not match the required pattern.',
  datetime: 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
  date: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  time: 'Time has wrong format. Use one of these formats instead: hh:mm[:ss[.uuuuuu]].',
  invalid: 'Enter a valid value.',
} as const;

const M = DRF_FIELD_MESSAGES;
const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);
const LIST_ORIGINS = new Set(['array', 'set']);

/** DRF's message for a zod issue of a length, bound or format; undefined leaves zod's own (types and choices are mapped by the API). */
export function drfIssueMessage(issue: $ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_big': {
      const { origin, maximum: max } = issue;
      if (NUMBER_ORIGINS.has(origin)) return issue.inclusive === false ? M.below(max) : M.maxValue(max);
      if (origin === 'string') return issue.exact ? M.exactLength(max) : M.maxLength(max);
      if (LIST_ORIGINS.has(origin)) return issue.exact ? M.exactItems(max) : M.maxItems(max);
      return undefined;
    }
    case 'too_small': {
      const { origin, minimum: min } = issue;
      if (NUMBER_ORIGINS.has(origin)) return issue.inclusive === false ? M.above(min) : M.minValue(min);
      if (origin === 'string') return issue.exact ? M.exactLength(min) : Number(min) === 1 ? M.blank : M.minLength(min);
      if (LIST_ORIGINS.has(origin)) return issue.exact ? M.exactItems(min) : Number(min) === 1 ? M.emptyList : M.minItems(min);
      return undefined;
    }
    case 'not_multiple_of':
      return M.multipleOf(Number(issue.divisor));
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return M.email;
        case 'url':
          return M.url;
        case 'uuid':
        case 'guid':
          return M.uuid;
        case 'regex':
          return M.pattern;
        case 'datetime':
          return M.datetime;
        case 'date':
          return M.date;
        case 'time':
          return M.time;
        default:
          return M.invalid;
      }
    default:
      return undefined;
  }
}

/**
 * Makes every schema answer in DRF's words (drfIssueMessage). zod's configuration is global: the
 * API calls this as it loads, the web as it starts, so a 400 and a form's own check say the same.
 */
export function installDrfMessages(): void {
  config({ customError: drfIssueMessage });
}
