import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements with more parameters are bulk writes (many rows, long id lists): their texts rarely repeat. */
export const MAX_PREPARED_PARAMS = 64;
/** Named statements a connection keeps at most, so varied texts cannot grow the server's memory without bound. */
export const MAX_PREPARED_PER_CONNECTION = 200;

type QueryConfig = { text?: unknown; name?: unknown };

/** A name PostgreSQL accepts (under 63 bytes) that only this text gets. */
const statementName = (text: string) => `k_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * PostgreSQL: the statements run inside a transaction become named prepared statements of their
 * connection (named by a hash of their text), so the server plans them once per connection and
 * then reuses the plan. A pick runs a dozen lookups and updates by id; planning them (the
 * products table has many indexes, some partial, and every plan considers them all) was most of
 * PostgreSQL's CPU per pick, and preparing them took picks from 250/s to 370/s and moves from
 * 370/s to 540/s (ADR 0018).
 *
 * Only inside transactions: the write path's statements look rows up by key and have one good
 * plan whatever the values, which is what a reused (generic) plan needs. Outside, list reads
 * with search patterns and filters need a plan made for their own values, so they stay unnamed.
 * Bulk statements (over MAX_PREPARED_PARAMS parameters) stay unnamed too, and a connection
 * names at most MAX_PREPARED_PER_CONNECTION texts; the rest run unnamed, as before.
 */
export function prepareTransactionStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    const named = new Set<string>();
    let inTransaction = false;
    const patched = (config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : typeof config === 'object' && config !== null ? (config as QueryConfig).text : undefined;
      if (typeof text === 'string') {
        // drizzle opens and ends transactions with these plain statements; a savepoint's own
        // "rollback to savepoint" does not end the transaction.
        if (/^\s*begin\b/i.test(text)) inTransaction = true;
        else if (/^\s*(commit|rollback)\s*;?\s*$/i.test(text)) inTransaction = false;
        else if (inTransaction && typeof config === 'object' && !(config as QueryConfig).name) {
          const params = rest[0];
          if (Array.isArray(params) && params.length <= MAX_PREPARED_PARAMS) {
            const name = statementName(text);
            if (named.has(name) || named.size < MAX_PREPARED_PER_CONNECTION) {
              named.add(name);
              return query({ ...(config as object), name }, ...rest);
            }
          }
        }
      }
      return query(config, ...rest);
    };
    client.query = patched as typeof client.query;
  });
}
