import { MESSAGES } from '@kontor/contract';
import { getAccessToken } from './auth-token-store';
import { ApiError, buildUrl, expireSession, refreshAccessToken, toApiError } from './api-client';

/** Bytes of the request body sent so far, of the total. */
export type UploadProgress = { loaded: number; total: number };

type Answer = { status: number; text: string };

function send(path: string, form: FormData, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
    xhr.addEventListener('error', () => reject(new ApiError(500, MESSAGES.fetchFailed)));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST of a multipart form with upload progress, which fetch cannot report: XMLHttpRequest,
 * with the API client's bearer token and its rule for a 401 (refresh once and send again; a
 * failed refresh ends the session). Resolves with the parsed JSON of a 2xx answer; any other
 * status rejects with the ApiError the client would raise (a 400's body in `data`).
 */
export async function uploadWithProgress<T>(path: string, form: FormData, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<T> {
  const token = getAccessToken();
  let answer = await send(path, form, onProgress, signal);
  if (answer.status === 401) {
    const current = getAccessToken();
    if (!current || current === token) {
      try {
        await refreshAccessToken();
      } catch {
        expireSession();
        throw new ApiError(401, MESSAGES.pleaseLogin);
      }
    }
    answer = await send(path, form, onProgress, signal);
  }
  if (answer.status < 200 || answer.status >= 300) throw await toApiError(new Response(answer.text || null, { status: answer.status }));
  try {
    return (answer.text ? JSON.parse(answer.text) : undefined) as T;
  } catch {
    throw new ApiError(500, MESSAGES.unexpectedResponseStatus);
  }
}
