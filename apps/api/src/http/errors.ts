import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type FieldErrors } from '@kontor/contract';

/** Every error the services raise. One code list, mapped to HTTP in one place below. */
export const ERROR_STATUS = {
  bad_request: 400,
  not_authenticated: 401,
  permission_denied: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  /** A server we depend on (a storefront) failed or answered nonsense. */
  bad_gateway: 502,
  /** A feature that needs server configuration the operator has not set (machine translation). */
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** DRF field errors for a 400: {"field": ["message"]}. */
    readonly fields?: FieldErrors,
    /** Seconds, for 429. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Not found.') => new AppError('not_found', what);
export const badRequest = (fields: FieldErrors) => new AppError('bad_request', 'Invalid input.', fields);

type BranchIssue = { code?: string | undefined; message: string };
type ZodIssueLike = {
  path: PropertyKey[];
  message: string;
  code?: string | undefined;
  keys?: string[] | undefined;
  /** invalid_union: the issues of each branch. */
  errors?: readonly (readonly BranchIssue[])[] | undefined;
};

const received = (issue: BranchIssue | undefined, what: 'undefined' | 'null') =>
  issue?.code === 'invalid_type' && new RegExp(`received ${what}$`).test(issue.message);

/** zod 4 says "Invalid input: expected string, received undefined"; DRF's words are the contract. */
function drfMessage(issue: ZodIssueLike): string {
  if (received(issue, 'undefined')) return 'This field is required.';
  if (received(issue, 'null')) return 'This field may not be null.';
  // A union (a decimal is a number or a numeric string) fails in every branch alike on a missing value.
  const branches = issue.code === 'invalid_union' && issue.errors?.length ? issue.errors.map((b) => b[0]) : [];
  if (branches.length && branches.every((b) => received(b, 'undefined'))) return 'This field is required.';
  if (branches.length && branches.every((b) => received(b, 'null'))) return 'This field may not be null.';
  return issue.message;
}

/** zod issues -> DRF body. Nested paths are joined with dots; unknown keys get their own entry. */
export function issuesToFieldErrors(issues: readonly ZodIssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  const add = (key: string, message: string) => {
    (out[key] ??= []).push(message);
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, 'Unknown field.');
      continue;
    }
    add(base || 'non_field_errors', drfMessage(issue));
  }
  return out;
}

/**
 * fastify-type-provider-zod hands each zod issue over as `{keyword: code, instancePath:
 * '/a/0/b', params: <the issue's other fields>}`; this turns them back into issues.
 */
export function validationToFieldErrors(validation: readonly FastifySchemaValidationError[]): FieldErrors {
  return issuesToFieldErrors(
    validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Invalid value.',
      code: v.keyword,
      keys: Array.isArray(v.params?.keys) ? v.params.keys.map(String) : undefined,
      errors: Array.isArray(v.params?.errors) ? (v.params.errors as BranchIssue[][]) : undefined,
    })),
  );
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send(error.fields ?? { detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationToFieldErrors(error.validation));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ detail: MESSAGES.internalServerError });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: 'Request was throttled. Try again later.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, bad content type.
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: MESSAGES.internalServerError });
  });
}

/**
 * The one not-found handler. API paths (and everything without a SPA) answer a DRF 404;
 * with a SPA, other GETs get index.html so the client-side router shows the page or its 404.
 */
export function registerNotFound(app: FastifyInstance, spa?: { indexFile: string }) {
  app.setNotFoundHandler((request, reply) => {
    if (!spa || request.url.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile(spa.indexFile);
  });
}
