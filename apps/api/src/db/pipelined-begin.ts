import type pg from 'pg';

type QueryFn = (config: unknown, ...rest: unknown[]) => Promise<unknown>;

/** What drizzle gets for a BEGIN it does not wait for: it never reads it. */
const BEGIN_SENT = Object.freeze({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });

/**
 * PostgreSQL, a pool opened with `pipeline: true` (pg 8.23's pipeline mode, which sends a query
 * without waiting for the answer to the one before): a transaction's BEGIN is sent, and answered
 * to drizzle at once, so its first statement goes out right behind it and the two cost one round
 * trip. A move is begin, locks, writes, commit; with 50 clients on two cores, round trips are
 * what bounds writes per second (DESIGN §9, ADR 0029).
 *
 * BEGIN's own answer is still read: the statement sent behind it fails when BEGIN failed. A BEGIN
 * only fails with its connection (a nested one is a warning), and then so does that statement,
 * so nothing runs outside the transaction it was meant for.
 *
 * Install after the other patches of `client.query` (nameActorOnBegin, prepareTransactionStatements):
 * they must still see the BEGIN go by.
 */
export function pipelineBegin(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    let begin: Promise<unknown> | null = null;
    const patched: QueryFn = (config, ...rest) => {
      const text = typeof config === 'string' ? config : typeof config === 'object' && config !== null ? (config as { text?: unknown }).text : undefined;
      // drizzle passes no callback; a caller that does gets the plain path.
      if (typeof text === 'string' && /^\s*begin\b/i.test(text) && typeof rest[rest.length - 1] !== 'function') {
        const sent = query(config, ...rest);
        // Read by the next statement; a transaction that sends none has nothing to fail.
        sent.catch(() => undefined);
        begin = sent;
        return Promise.resolve(BEGIN_SENT);
      }
      if (begin) {
        const sentBefore = begin;
        begin = null;
        const result = query(config, ...rest);
        return Promise.all([sentBefore, result]).then(([, answer]) => answer);
      }
      return query(config, ...rest);
    };
    client.query = patched as typeof client.query;
  });
}
