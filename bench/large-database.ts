import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { analyzeLargeShop, LARGE_LOGIN, seedLargeShop } from '../apps/api/src/db/seed/large-shop.js';
import { BENCH_DATABASE_URL } from './scratch-database.js';

/** A size as a database name part: 100000 -> 100k, 1000000 -> 1m. */
export const sizeLabel = (products: number) =>
  products % 1_000_000 === 0 ? `${products / 1_000_000}m` : products % 1000 === 0 ? `${products / 1000}k` : String(products);

/**
 * The URL of a database on the BENCH_DATABASE_URL server that holds the large shop of
 * `products` products (`kontor_large_100k`...). It is seeded once (npm run seed:large's code) and
 * kept: seeding a million products takes minutes, and every run measures the same shop.
 * Migrations are applied on each run, so a kept database follows schema changes.
 */
export async function largeDatabaseUrl(products: number): Promise<string> {
  const name = `kontor_large_${sizeLabel(products)}`;
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const seeded = await client.query('select 1 from users where lower(email) = $1', [LARGE_LOGIN.email]);
    await client.end();
    if (seeded.rowCount === 0) {
      console.log(`Seeding ${name} (${products} products; kept for later runs)...`);
      const counts = await seedLargeShop(database.db, products, (step, ms) => console.log(`  ${step.padEnd(13)} ${(ms / 1000).toFixed(1)} s`));
      await analyzeLargeShop(database.db);
      console.log(`  seeded in ${counts.seconds} s`);
    } else {
      console.log(`Using ${name} (seeded earlier).`);
      // Earlier runs' writes (moves, picks) leave dead row versions behind. Autovacuum would clear
      // them, but a bench server may run without it (this machine's has it off), and a bloated
      // products table slows every read after: each run starts from a vacuumed shop.
      const vacuum = new pg.Client({ connectionString: url.toString() });
      await vacuum.connect();
      await vacuum.query('vacuum analyze catalog_products, customer_orders, customer_order_items, inventory_levels, inventory_transactions, audit_events');
      await vacuum.end();
    }
  } finally {
    await database.close();
  }
  return url.toString();
}
