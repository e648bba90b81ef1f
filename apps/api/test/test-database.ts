import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL when KONTOR_TEST_DB=postgres
 * (the api-postgres test project). Closing drops it.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.KONTOR_TEST_DB !== 'postgres') {
    const database = await openDatabase({ pgliteDir: 'memory' });
    await database.migrate();
    return database;
  }
  const scratch = await createScratchPostgresDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export const usesPostgres = () => process.env.KONTOR_TEST_DB === 'postgres';

/** An empty database on the TEST_DATABASE_URL server, dropped by `drop()`. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('KONTOR_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kontor_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
