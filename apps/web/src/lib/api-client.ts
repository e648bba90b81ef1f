import { MESSAGES, type FieldErrors, type TokenPair } from '@kontor/contract';
import { clearAccessToken, getAccessToken, setAccessToken } from './auth-token-store';
import { takeBootedRequest } from './session-boot';

export const API_BASE = '/api';

/** Every failed call ends as one of these, mapped exactly as spec §8 says (see toApiError). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The parsed response body, when there was one (DRF field errors on a 400). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** JSON, or a FormData sent as multipart/form-data (uploads). */
  body?: unknown;
  /** false for the public endpoints (login, refresh, reset, register): no bearer, no refresh-and-retry. */
  auth?: boolean;
  signal?: AbortSignal;
};

let handleSessionExpired: () => void = () => undefined;

/** The app decides what "send the user to the login URL" means (it owns the router). */
export function setSessionExpiredHandler(handler: () => void): void {
  handleSessionExpired = handler;
}

/** For calls made outside apiRequest (uploads with progress): what a failed refresh does here. */
export function expireSession(): void {
  clearAccessToken();
  handleSessionExpired();
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}

const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || MESSAGES.unknownError;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Spec §8: 404 -> 'The page you're looking for doesn't exist.', 401 -> 'Please login to
 * access this resource', 500 -> 'Internal Server Error'; any other status gives the
 * response body as text together with the status code.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  if (response.status === 404) return new ApiError(404, MESSAGES.notFound);
  if (response.status === 401) return new ApiError(401, MESSAGES.pleaseLogin);
  if (response.status === 500) return new ApiError(500, MESSAGES.internalServerError);
  let text = '';
  try {
    text = await response.text();
  } catch (error) {
    return new ApiError(500, messageOf(error));
  }
  return new ApiError(response.status, text || MESSAGES.unexpectedResponseStatus, parseJson(text));
}

async function send(path: string, options: RequestOptions): Promise<{ response: Response; token: string | null }> {
  const token = options.auth === false ? null : getAccessToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData goes as it is: fetch sets multipart/form-data with its boundary itself.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
    return { response, token };
  } catch (error) {
    // A cancelled query is not a failure; TanStack Query handles the abort itself.
    if (isAbortError(error)) throw error;
    throw new ApiError(500, messageOf(error));
  }
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  try {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    // A bad response (cut off, not JSON) counts like a network failure: code 500 with the message.
    throw new ApiError(500, messageOf(error));
  }
}

let refreshInFlight: Promise<string> | null = null;

/**
 * POST /token/refresh/ with an empty body: the HttpOnly cookie carries the refresh token.
 * Single flight: concurrent callers share one request, because the server rotates the
 * refresh token and treats reuse of a rotated one as theft.
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= (async () => {
    // At start-up the request is usually under way already (public/session-boot.js).
    const booted = await takeBootedRequest('refresh')?.catch(() => undefined);
    const response = booted ?? (await send('/token/refresh/', { method: 'POST', body: {}, auth: false })).response;
    if (!response.ok) {
      clearAccessToken();
      throw await toApiError(response);
    }
    const pair = await readBody<TokenPair>(response);
    setAccessToken(pair.access);
    return pair.access;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Spec §4: on a 401 the call is retried once after a token refresh; a failed refresh sends the user
 * to login. A save the database refused for a concurrent one (409 with Retry-After) is sent once more.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let { response, token } = await send(path, options);
  if (response.status === 401 && options.auth !== false) {
    const current = getAccessToken();
    // Another call may already have refreshed while this one was in flight: just retry with the new token.
    if (!current || current === token) {
      try {
        await refreshAccessToken();
      } catch {
        clearAccessToken();
        handleSessionExpired();
        throw await toApiError(response);
      }
    }
    ({ response, token } = await send(path, options));
  }
  const wait = concurrencyRetryDelay(response);
  if (wait !== null) {
    await pause(wait, options.signal);
    ({ response } = await send(path, options));
  }
  if (!response.ok) throw await toApiError(response);
  return readBody<T>(response);
}

/** The longest wait a refused save's Retry-After may ask for before it is sent again. */
const MAX_CONCURRENCY_RETRY_MS = 5_000;

/**
 * A 409 with Retry-After is the API's "another change to the same records was being saved at the
 * same moment": PostgreSQL rolled the whole transaction back (a deadlock or serialization
 * failure, ADR 0006), so nothing was changed and sending the same request again is safe. The
 * client does that once, after the wait the server asks for, rather than showing the operator a
 * refusal a second attempt almost always gets past. Other 409s (a rule refused the change) carry
 * no Retry-After. Answers the wait in ms, or null when the response is not such a refusal.
 */
function concurrencyRetryDelay(response: Response): number | null {
  if (response.status !== 409) return null;
  const seconds = Number(response.headers.get('Retry-After'));
  if (!response.headers.has('Retry-After') || !Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(seconds * 1000, MAX_CONCURRENCY_RETRY_MS);
}

/** Waits `ms`; a cancelled call stops waiting with fetch's own AbortError. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown = {}, options?: Options) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A 400's DRF body `{"field": ["message"]}` (nested fields as 'account.email'), or null. */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const data = error.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value)) out[key] = value.map(String);
    else if (typeof value === 'string') out[key] = [value];
  }
  return Object.keys(out).length ? out : null;
}

/** A refusal in words: a 400's DRF messages as one sentence (without the field names), else errorText. */
export function serverMessage(error: unknown): string {
  const fields = fieldErrorsOf(error);
  return fields ? Object.values(fields).flat().join(' ') : errorText(error);
}

/** What a person reads: the server's `detail` when it sent one, otherwise the mapped message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const data = error.data;
    if (data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string') return data.detail;
    return error.message;
  }
  return messageOf(error);
}
