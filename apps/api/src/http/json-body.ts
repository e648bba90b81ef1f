import { LONE_SURROGATE_REFUSED } from '@kontor/contract';
import type { FastifyInstance } from 'fastify';
import { hasLoneSurrogate } from '../lib/well-formed.js';

/**
 * Only a `\uD800`-`\uDFFF` escape can put a lone surrogate into a parsed string: raw bytes that
 * are not UTF-8 are decoded as U+FFFD. So a body without one (nearly every body) is not walked.
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !hasLoneSurrogate(value);
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([key, v]) => !hasLoneSurrogate(key) && wellFormed(v));
  }
  return true;
}

/**
 * Fastify's JSON parser (prototype poisoning refused, as by default), which also refuses a
 * string with a lone surrogate. Such a string is no text: PostgreSQL refuses it in jsonb (a 500
 * otherwise) and node-postgres silently writes U+FFFD for it in text, a change the operator
 * never asked for.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string': the body is a string.
    const text = body as string;
    parse(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      if (SURROGATE_ESCAPE.test(text) && !wellFormed(value)) {
        return done(Object.assign(new Error(LONE_SURROGATE_REFUSED), { statusCode: 400 }), undefined);
      }
      return done(null, value);
    });
  });
}
