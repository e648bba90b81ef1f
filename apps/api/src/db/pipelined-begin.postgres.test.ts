import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createScratchPostgresDatabase } from '../../test/test-database.js';
import { nameActorOnBegin, runAsActor } from './actor.js';
import { pipelineBegin } from './pipelined-begin.js';
import { prepareTransactionStatements } from './prepared-statements.js';
import { sqlRows } from './sql-rows.js';

/**
 * A transaction's BEGIN and its first statement leave together (PostgreSQL, pipeline mode): one
 * round trip, not two. One connection, so the socket shows exactly what this transaction sends.
 */
let scratch: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;

/** What the connection writes (the protocol message letter of each write) and when an answer ends ('ready'). */
type Event = string;
const events: Event[] = [];
const watched = new WeakSet<object>();
function watch(client: pg.PoolClient) {
  const connection = (client as unknown as { connection: { stream: { write: (...args: unknown[]) => boolean }; on: (e: string, f: () => void) => void } })
    .connection;
  if (watched.has(connection)) return;
  watched.add(connection);
  const write = connection.stream.write.bind(connection.stream);
  connection.stream.write = (chunk: unknown, ...rest: unknown[]) => {
    if (chunk instanceof Uint8Array && chunk.length > 0) events.push(String.fromCharCode(chunk[0]!));
    return write(chunk, ...rest);
  };
  connection.on('readyForQuery', () => events.push('ready'));
}

beforeAll(async () => {
  scratch = await createScratchPostgresDatabase();
  pool = new pg.Pool({ connectionString: scratch.url, max: 1, pipeline: true });
  nameActorOnBegin(pool);
  prepareTransactionStatements(pool);
  pipelineBegin(pool);
  await pool.query('create table t (id int primary key, label text not null)');
  await pool.query('create table u (id int primary key)');
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await scratch?.drop();
});

describe('pipelined BEGIN', () => {
  it("sends a transaction's first statement before BEGIN is answered, and commits it", async () => {
    const client = await pool.connect();
    watch(client);
    client.release();
    events.length = 0;
    const db = drizzle(pool);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, label) values (${1}, ${'one'})`);
    });
    // BEGIN goes as a simple query ('Q'), the insert in the extended protocol (Parse 'P' first, or
    // Bind 'B' once prepared): both are written before the first answer ends.
    const firstReady = events.indexOf('ready');
    expect(events.slice(0, firstReady)).toEqual(expect.arrayContaining(['Q']));
    expect(events.slice(0, firstReady).some((e) => e === 'P' || e === 'B')).toBe(true);
    expect((await pool.query('select label from t where id = 1')).rows).toEqual([{ label: 'one' }]);
  });

  it('still names the actor in the transaction (the audit trigger reads it)', async () => {
    const db = drizzle(pool);
    const seen = await runAsActor(42, () =>
      db.transaction(async (tx) => (await tx.execute(sql`select current_setting('kontor.user_id', true) as actor`)).rows[0]),
    );
    expect(seen).toEqual({ actor: '42' });
  });

  it('a failing first statement rolls the transaction back, and the connection serves the next one', async () => {
    const db = drizzle(pool);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, label) values (${1}, ${'duplicate'})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } }); // unique_violation
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, label) values (${2}, ${'two'})`);
        await tx.execute(sql`insert into t (id, label) values (${3}, ${null})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23502' } }); // not_null_violation
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, label) values (${4}, ${'four'})`);
    });
    expect((await pool.query('select id from t order by id')).rows).toEqual([{ id: 1 }, { id: 4 }]);
  });

  it('a transaction that sends nothing but its end still ends', async () => {
    const db = drizzle(pool);
    await expect(db.transaction(async () => 'nothing to do')).resolves.toBe('nothing to do');
    const client = await pool.connect();
    try {
      // Idle, not left inside a transaction.
      expect((client as unknown as { getTransactionStatus: () => string }).getTransactionStatus()).toBe('I');
    } finally {
      client.release();
    }
  });
});

describe("a statement started behind another (sqlRows without await, the ledger's SendBehind)", () => {
  it('is sent before the first is answered, and sees what the first wrote', async () => {
    const client = await pool.connect();
    watch(client);
    client.release();
    const db = drizzle(pool);
    const answers = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      events.length = 0;
      const written = sqlRows<{ id: number }>(tx, sql`insert into u (id) values (${1}), (${2}) returning id`);
      const behind = sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from u`);
      return { written: await written, behind: await behind };
    });
    expect(answers).toEqual({ written: [{ id: 1 }, { id: 2 }], behind: [{ n: 2 }] });
    // Each statement ends with a Sync ('S'): both were written before the first answer ended.
    expect(events.slice(0, events.indexOf('ready')).filter((e) => e === 'S')).toHaveLength(2);
  });

  it('when the first fails, the one behind fails too and nothing is kept', async () => {
    const db = drizzle(pool);
    const outcome = db.transaction(async (tx) => {
      const written = sqlRows(tx, sql`insert into u (id) values (${1})`);
      const behind = sqlRows(tx, sql`insert into u (id) values (${3})`);
      behind.catch(() => undefined);
      await written;
      return behind;
    });
    await expect(outcome).rejects.toMatchObject({ cause: { code: '23505' } });
    expect((await pool.query('select id from u order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
