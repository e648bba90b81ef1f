import type { FastifyRequest } from 'fastify';

/**
 * Path segments that are credentials: the export token of the channel feeds (/api/exports/<token>/,
 * ADR 0013) and the storage key of media files (/api/media/<key>, ADR 0009). Whoever holds the URL
 * holds the file, so the request log must not. Matched anywhere and in any letter case, so a
 * mistyped prefix (a 404) is redacted too.
 */
const CAPABILITY_SEGMENTS = [/(\/exports\/)[^/?#]+/gi, /(\/media\/)[^/?#]+/gi];

/** Query parameters whose names say they carry a secret. No route takes one; a client may still send it. */
const SECRET_QUERY = /([?&][^=&#]*(?:token|access|refresh|key|secret|password|signature)[^=&#]*=)[^&#]*/gi;

export const REDACTED = '[REDACTED]';

/** The request URL as the log may show it. */
export function redactUrl(url: string): string {
  let out = url;
  for (const segment of CAPABILITY_SEGMENTS) out = out.replace(segment, `$1${REDACTED}`);
  return out.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/**
 * The logger's request serializer: Fastify's own fields (no headers: the Authorization header and
 * the refresh cookie never reach the log), with the URL redacted.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
