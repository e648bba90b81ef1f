import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { analyzeLargeShop, LARGE_LOGIN, largeShopSize, seedLargeShop } from '../db/seed/large-shop.js';

const USAGE = `Usage: npm run seed:large -- [--products N]
  --products N   how many catalog products (default 100000); locations, ledger rows, orders and
                 supplier products follow in proportion (at 100k: 30, 2M, 100k, 300k)
Seeds one more company, "Large Shop AB" (login ${LARGE_LOGIN.email} / ${LARGE_LOGIN.password}),
into the PostgreSQL database at DATABASE_URL, in one transaction, then ANALYZEs it.
Migrations are applied first. A database that already has the large shop is refused.`;

function productCount(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { products: { type: 'string' } }, strict: true });
  const raw = values.products ?? '100000';
  const products = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(products) || products < 1 || products > 10_000_000)
    throw new Error(`--products must be a whole number from 1 to 10000000, not '${raw}'.`);
  return products;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  let products: number;
  try {
    products = productCount(argv);
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  // The large shop is for measuring the PostgreSQL deployment; the embedded database is a single-user demo.
  if (!config.databaseUrl) {
    console.error(`DATABASE_URL is not set: the large seed goes into PostgreSQL.\n\n${USAGE}`);
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    const size = largeShopSize(products);
    console.log(
      `Seeding ${size.products} products, ${size.locations} locations, ${size.ledgerRows} ledger rows, ${size.orders} orders, ${size.procurementProducts} supplier products...`,
    );
    const counts = await seedLargeShop(database.db, products, (step, ms) => console.log(`  ${step.padEnd(13)} ${(ms / 1000).toFixed(1)} s`));
    const t0 = Date.now();
    await analyzeLargeShop(database.db);
    console.log(`  ${'analyze'.padEnd(13)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const { companyId, userId, seconds, ...rows } = counts;
    console.log(
      `Seeded company ${companyId} in ${seconds} s: ${Object.entries(rows)
        .map(([k, v]) => `${v} ${k.replaceAll('_', ' ')}`)
        .join(', ')}.`,
    );
    console.log(`Login: ${LARGE_LOGIN.email} / ${LARGE_LOGIN.password} (user ${userId}).`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
