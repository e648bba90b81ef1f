import { OutboundError, outboundFetch, type OutboundPolicy, type OutboundResponse } from '../../../lib/outbound.js';
import { FeedImportError } from './errors.js';

export type DownloadOptions = {
  /** Which addresses the feed may be on (SSRF guard, lib/outbound.ts): outboundPolicy(config). */
  outbound: OutboundPolicy;
  /** The runner's signal: aborting it stops the download and is rethrown as is. */
  signal?: AbortSignal | undefined;
  /** For the whole download, headers and body (default 5 minutes). */
  timeoutMs?: number | undefined;
  /** Refuse files above this many bytes (default 256 MB). */
  maxBytes?: number | undefined;
};

export const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
export const MAX_FEED_BYTES = 256 * 1024 * 1024;

export type FeedDownload = {
  /** The charset the server named, if any ('utf-8', 'iso-8859-1', ...). */
  charset: string | undefined;
  body: AsyncIterable<Uint8Array>;
};

/** The innermost cause's code or message: 'ECONNREFUSED', 'other side closed', ... */
function causeOf(err: unknown): string {
  let current: unknown = err;
  let text = '';
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') text = code;
    else if (typeof message === 'string' && message) text = message;
    current = cause;
  }
  return text || 'unknown error';
}

/**
 * Fetches a feed URL and streams its body. Every way it can go wrong becomes a
 * FeedImportError with words for the operator: no connection, a timeout, an HTTP error
 * status, a file over the size limit, a connection that drops before the body is complete
 * (Content-Length short or chunked encoding cut off), an address the guard refuses (a private
 * network, loopback, cloud metadata: checked on every redirect hop).
 */
export async function downloadFeed(url: string, options: DownloadOptions): Promise<FeedDownload> {
  const timeoutMs = options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const failure = (err: unknown, what: string): Error => {
    if (options.signal?.aborted) return options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted');
    if (timeout.aborted) return new FeedImportError(`The feed server did not send the whole file within ${Number((timeoutMs / 1000).toFixed(1))} s.`);
    return new FeedImportError(`${what} (${causeOf(err)}).`);
  };

  let response: OutboundResponse;
  try {
    response = await outboundFetch(url, { signal, headers: { accept: '*/*', 'user-agent': 'Kontor feed import' } }, options.outbound);
  } catch (err) {
    if (err instanceof OutboundError) throw new FeedImportError(err.message);
    throw failure(err, 'Could not connect to the feed server');
  }
  if (response.status >= 400 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedImportError(`The feed server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new FeedImportError(`The file is larger than the limit of ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
  const charset = /charset="?([\w.:-]+)"?/i.exec(response.headers.get('content-type') ?? '')?.[1];
  const stream = response.body;

  async function* body(): AsyncGenerator<Uint8Array> {
    const reader = stream.getReader();
    let received = 0;
    try {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (err) {
          throw failure(err, 'The connection was closed before the whole file was received');
        }
        if (chunk.done) return;
        received += chunk.value.byteLength;
        if (received > maxBytes) throw new FeedImportError(`The file is larger than the limit of ${Math.round(maxBytes / 1024 / 1024)} MB.`);
        yield chunk.value;
      }
    } finally {
      // Stopping early (an error, a parse failure) releases the connection.
      await reader.cancel().catch(() => undefined);
    }
  }
  return { charset, body: body() };
}
