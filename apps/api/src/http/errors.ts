import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type FieldErrors } from '@kontor/contract';
import { sqlState } from '../db/errors.js';
import type { PathObjectLookup } from './path-object.js';

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

/** DRF's Http404 body. */
const NOT_FOUND = 'Not found.';
export const notFound = (what = NOT_FOUND) => new AppError('not_found', what);
export const badRequest = (fields: FieldErrors) => new AppError('bad_request', 'Invalid input.', fields);

/** One branch's issue of a union: zod's own issue, its path relative to the union. */
type BranchIssue = { code?: string | undefined; message: string; path?: PropertyKey[]; expected?: string | undefined };
type ZodIssueLike = {
  path: PropertyKey[];
  message: string;
  code?: string | undefined;
  keys?: string[] | undefined;
  /** invalid_type: the type the schema wanted ('string', 'int', 'array'...). */
  expected?: string | undefined;
  /** invalid_union: the issues of each branch. */
  errors?: readonly (readonly BranchIssue[])[] | undefined;
};

const received = (issue: BranchIssue | undefined, what: 'undefined' | 'null') =>
  issue?.code === 'invalid_type' && new RegExp(`received ${what}$`).test(issue.message);

/** zod 4's own words for a value outside an enum or a literal; a schema's custom message is kept. */
const ZOD_CHOICE_MESSAGE = /^Invalid (option: expected one of |input: expected ")/;

/** The value at `path` in what the client sent. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** DRF ChoiceField's words; zod names neither the value nor a missing one ("Invalid option: expected one of "a"|"b""). */
function choiceMessage(value: unknown): string {
  if (value === undefined) return 'This field is required.';
  if (value === null) return 'This field may not be null.';
  return `"${typeof value === 'object' ? JSON.stringify(value) : String(value)}" is not a valid choice.`;
}

/** Python's name for a JSON value's type, as DRF's messages say it ("Expected a list of items but got type "str"."). */
function pythonType(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return value === null || value === undefined ? 'NoneType' : 'dict';
}

/** zod 4's own words for a value of the wrong type; a schema's custom message is kept. */
// ("received -Infinity": a coerced number is named as JavaScript prints it.)
const ZOD_TYPE_MESSAGE = /^Invalid input: expected \w+, received -?\w+$/;

/** DRF's field messages for a value of the wrong type, by the type zod expected. */
const TYPE_MESSAGES: Record<string, (value: unknown) => string> = {
  string: () => 'Not a valid string.',
  number: () => 'A valid number is required.',
  int: () => 'A valid integer is required.',
  boolean: () => 'Must be a valid boolean.',
  object: (value) => `Invalid data. Expected a dictionary, but got ${pythonType(value)}.`,
  array: (value) => `Expected a list of items but got type "${pythonType(value)}".`,
  record: (value) => `Expected a dictionary of items but got type "${pythonType(value)}".`,
};

/** zod 4 says "Invalid input: expected string, received undefined"; DRF's words are the contract. */
function drfMessage(issue: ZodIssueLike, input: unknown): string {
  if (issue.code === 'invalid_value' && ZOD_CHOICE_MESSAGE.test(issue.message)) return choiceMessage(valueAt(input, issue.path));
  if (received(issue, 'undefined')) return 'This field is required.';
  if (received(issue, 'null')) return 'This field may not be null.';
  const typeMessage = issue.code === 'invalid_type' && ZOD_TYPE_MESSAGE.test(issue.message) ? TYPE_MESSAGES[issue.expected ?? ''] : undefined;
  if (typeMessage) return typeMessage(valueAt(input, issue.path));
  // A union (a decimal is a number or a numeric string) fails in every branch alike on a missing value.
  const branches = issue.code === 'invalid_union' && issue.errors?.length ? issue.errors.map((b) => b[0]) : [];
  if (branches.length && branches.every((b) => received(b, 'undefined'))) return 'This field is required.';
  if (branches.length && branches.every((b) => received(b, 'null'))) return 'This field may not be null.';
  // Otherwise zod says only "Invalid input". The branch that got furthest says more: one whose
  // type the value had (a choice, a format, a bound), else the first branch's type, as DRF's
  // field of that type would ("A valid number is required." for a decimal's number-or-text).
  const told = branches.find((b) => b && b.code !== 'invalid_type') ?? branches.find((b) => b?.code === 'invalid_type');
  if (told) return drfMessage({ ...told, path: [...issue.path, ...(told.path ?? [])] }, input);
  return issue.message;
}

/**
 * zod issues -> DRF body. Nested paths are joined with dots; unknown keys get their own entry.
 * `input` is what was parsed: a refused choice's message names the value sent, as DRF's does.
 */
export function issuesToFieldErrors(issues: readonly ZodIssueLike[], input?: unknown): FieldErrors {
  // A Map: the keys are the client's, and `out['__proto__']` on a plain object is its prototype.
  const out = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const messages = out.get(key) ?? [];
    messages.push(message);
    out.set(key, messages);
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, 'Unknown field.');
      continue;
    }
    add(base || 'non_field_errors', drfMessage(issue, input));
  }
  // fromEntries defines own keys, `__proto__` included.
  return Object.fromEntries(out);
}

/**
 * fastify-type-provider-zod hands each zod issue over as `{keyword: code, instancePath:
 * '/a/0/b', params: <the issue's other fields>}`; this turns them back into issues.
 */
export function validationToFieldErrors(validation: readonly FastifySchemaValidationError[], input?: unknown): FieldErrors {
  return issuesToFieldErrors(
    validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Invalid value.',
      code: v.keyword,
      keys: Array.isArray(v.params?.keys) ? v.params.keys.map(String) : undefined,
      expected: typeof v.params?.expected === 'string' ? v.params.expected : undefined,
      errors: Array.isArray(v.params?.errors) ? (v.params.errors as BranchIssue[][]) : undefined,
    })),
    input,
  );
}

/** The part of the request a validation error is about (Fastify names it 'body', 'querystring', 'params' or 'headers'). */
function validatedInput(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return undefined;
}

/** DRF's words (ProhibitNullCharactersValidator). */
export const NULL_CHARACTERS = 'Null characters are not allowed.';
/** 22021: "invalid byte sequence for encoding UTF8: 0x00" (text); 22P05: "\u0000 cannot be converted to text" (jsonb). */
const NUL_REFUSED = new Set(['22021', '22P05']);

export const CONCURRENT_CHANGE = 'Another change to the same records was being saved at the same moment, so nothing was changed. Please try again.';
/** deadlock_detected and serialization_failure: PostgreSQL rolled the transaction back, whole. */
const CONCURRENCY_REFUSED = new Set(['40P01', '40001']);

/** The route's path object (params validated, so `id` is a number) is one of the caller's. */
async function pathObjectFound(lookup: PathObjectLookup, request: FastifyRequest): Promise<boolean> {
  const { id } = request.params as { id?: unknown };
  return typeof id === 'number' && (await lookup(request.ctx, id));
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send(error.fields ?? { detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names nothing (`/products/abc/`, an id beyond int4) is DRF's unmatched URL.
      if (error.validationContext === 'params') return reply.status(404).send({ detail: NOT_FOUND });
      const fields = validationToFieldErrors(error.validation, validatedInput(request, error.validationContext));
      const lookup = request.routeOptions.config.pathObject;
      if (!lookup || !request.ctx) return reply.status(400).send(fields);
      // DRF looks the object up before it validates: one the caller has not is a 404, whatever
      // the input. Asked here, on the failure path only: a valid request pays nothing for it.
      return pathObjectFound(lookup, request).then(
        (found) => {
          reply.status(found ? 400 : 404);
          return found ? fields : { detail: NOT_FOUND };
        },
        (err: unknown) => {
          request.log.error({ err }, 'path object lookup failed');
          reply.status(500);
          return { detail: MESSAGES.internalServerError };
        },
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ detail: MESSAGES.internalServerError });
    }
    if (NUL_REFUSED.has(sqlState(error) ?? '')) {
      // PostgreSQL stores no NUL character in text or jsonb, and refuses the statement (its
      // transaction rolls back): the client's input, answered with DRF's message for it.
      return reply.status(400).send({ detail: NULL_CHARACTERS });
    }
    if (CONCURRENCY_REFUSED.has(sqlState(error) ?? '')) {
      // Rare by design (one lock order per table, ADR 0011/0023), but where two writers still
      // meet, PostgreSQL refuses one and rolls it back: nothing of it was saved, and the same
      // request sent again succeeds. Said so, rather than 'Internal Server Error'.
      request.log.warn({ err: error }, 'transaction refused by a concurrent one');
      return reply.status(409).header('Retry-After', '1').send({ detail: CONCURRENT_CHANGE });
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
 * Fastify's `frameworkErrors` option (the Fastify constructor in app.ts): the errors its router
 * answers before any route, hook or error handler runs. Without it Fastify writes its own body
 * (`{"error": ..., "code": "FST_ERR_BAD_URL", ...}`); with it they speak DRF like every other answer.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ detail: 'Malformed URL: it has an invalid percent-encoding.' });
  // A path parameter longer than the router's maxParamLength: no id, key or token is that long.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send({ detail: NOT_FOUND });
  const status = error.statusCode ?? 500;
  return reply.status(status).send({ detail: status < 500 ? error.message : MESSAGES.internalServerError });
}

/**
 * The one not-found handler. API paths (and everything without a SPA) answer a DRF 404;
 * with a SPA, other GETs get index.html so the client-side router shows the page or its 404.
 */
export function registerNotFound(app: FastifyInstance, spa?: { indexFile: string }) {
  app.setNotFoundHandler((request, reply) => {
    if (!spa || request.url.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: NOT_FOUND });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile(spa.indexFile);
  });
}
