import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { createScratchPostgresDatabase } from '../../test/test-database.js';
import { MAX_PREPARED_PARAMS, MAX_PREPARED_PER_CONNECTION, prepareTransactionStatements } from './prepared-statements.js';

/**
 * A transaction's statements are prepared once per connection; everything else runs unnamed
 * (PostgreSQL only: PGlite runs in-process). One connection, so pg_prepared_statements shows
 * exactly what this connection holds.
 */
let scratch: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;

const preparedTexts = async (client: pg.PoolClient) =>
  (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by prepare_time')).rows;

beforeAll(async () => {
  scratch = await createScratchPostgresDatabase();
  pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  prepareTransactionStatements(pool);
  await pool.query('create table t (id int primary key, label text not null)');
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await scratch?.drop();
});

describe('prepared statements in transactions', () => {
  it('prepares a statement run inside a transaction once and reuses it, also after a rollback', async () => {
    const client = await pool.connect();
    try {
      for (const [id, end] of [
        [1, 'rollback'],
        [2, 'commit'],
        [3, 'commit'],
      ] as const) {
        await client.query('begin');
        await client.query({ text: 'insert into t (id, label) values ($1, $2)' }, [id, `row ${id}`]);
        await client.query(end);
      }
      const prepared = await preparedTexts(client);
      expect(prepared.filter((p) => p.statement.startsWith('insert into t'))).toEqual([
        { name: expect.stringMatching(/^k_/), statement: 'insert into t (id, label) values ($1, $2)' },
      ]);
      expect((await client.query('select id from t order by id')).rows).toEqual([{ id: 2 }, { id: 3 }]);
    } finally {
      client.release();
    }
  });

  it('leaves statements outside transactions, and bulk statements, unnamed', async () => {
    const client = await pool.connect();
    try {
      await client.query({ text: 'select label from t where id = $1' }, [2]);
      const many = Array.from({ length: MAX_PREPARED_PARAMS + 1 }, (_, i) => i + 100);
      await client.query('begin');
      await client.query({ text: `select id from t where id in (${many.map((_, i) => `$${i + 1}`).join(', ')})` }, many);
      await client.query('commit');
      const statements = (await preparedTexts(client)).map((p) => p.statement);
      expect(statements.some((s) => s.startsWith('select label from t'))).toBe(false);
      expect(statements.some((s) => s.startsWith('select id from t where id in'))).toBe(false);
    } finally {
      client.release();
    }
  });

  it('a failed statement leaves the transaction to roll back, and the same text works in the next one', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query({ text: 'insert into t (id, label) values ($1, $2)' }, [2, 'duplicate'])).rejects.toThrow(/duplicate key/);
      await client.query('rollback');
      await client.query('begin');
      await client.query({ text: 'insert into t (id, label) values ($1, $2)' }, [4, 'row 4']);
      await client.query('commit');
      expect((await client.query('select label from t where id = 4')).rows).toEqual([{ label: 'row 4' }]);
    } finally {
      client.release();
    }
  });

  it(`names at most ${MAX_PREPARED_PER_CONNECTION} texts per connection; the rest run unnamed`, async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 20; i += 1) {
        const { rows } = await client.query({ text: `select $1::int + ${i} as n` }, [1]);
        expect(rows).toEqual([{ n: i + 1 }]);
      }
      await client.query('commit');
      expect((await preparedTexts(client)).length).toBe(MAX_PREPARED_PER_CONNECTION);
    } finally {
      client.release();
    }
  });
});

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('is on unless set to false (for a pooler that cannot keep prepared statements)', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp' }).preparedStatements).toBe(true);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp', DATABASE_PREPARED_STATEMENTS: 'false' }).preparedStatements).toBe(false);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp', DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });
});
