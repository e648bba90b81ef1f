import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { catalogProducts } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from './catalog.factories.js';
import { insertProcurementProduct, insertSupplier } from '../procurement/procurement.factories.js';
import { refreshCatalogCosts } from '../procurement/feed-import/write.js';
import { markSynced } from './publish/publish.job.js';

/**
 * Every writer of many products locks them in id order (pricing.service), so two of them over
 * the same products wait for each other instead of deadlocking. A plain UPDATE locks in the
 * order its plan reads rows; here the plan is forced to read the heap, where the lower id was
 * written last. While the lower id is held by another transaction, the writer must be waiting
 * for it with the higher id still free. PostgreSQL only: PGlite has one connection.
 */
let app: TestApp;
let tenant: Tenant;
let low: number;
let high: number;
const db = () => app.deps.database.db;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app);
  const supplier = await insertSupplier(db(), tenant.companyId);
  low = (await insertProduct(db(), tenant.companyId, { sku: 'LOCK-LOW' })).id;
  high = (await insertProduct(db(), tenant.companyId, { sku: 'LOCK-HIGH' })).id;
  // The lower id's newest row version now lies after the higher id's in the heap.
  await db().update(catalogProducts).set({ name: 'Written last' }).where(eq(catalogProducts.id, low));
  for (const id of [low, high])
    await insertProcurementProduct(db(), tenant.companyId, supplier.id, { catalogProductId: id, costSek: '100.00', status: 'active' });
});
afterAll(async () => app?.close());

const rowsOf = async (tx: DbOrTx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const pidOf = async (tx: DbOrTx) => Number((await rowsOf(tx, sql`select pg_backend_pid() as pid`))[0]!.pid);
const waitingForLock = async (pid: number) =>
  (await rowsOf(db(), sql`select 1 from pg_stat_activity where pid = ${pid} and wait_event_type = 'Lock'`)).length > 0;

/** Runs `write` while another transaction holds the lower id; answers whether the higher id was free meanwhile. */
async function higherIdFreeWhileLowerHeld(write: (tx: DbOrTx) => Promise<unknown>): Promise<boolean> {
  let release!: () => void;
  let holding!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = db().transaction(async (tx) => {
    await tx.execute(sql`select id from catalog_products where id = ${low} for update`);
    holding();
    await released;
  });
  await held;
  let writerPid = 0;
  const writer = db().transaction(async (tx) => {
    writerPid = await pidOf(tx);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    await write(tx);
  });
  try {
    for (let i = 0; writerPid === 0 || !(await waitingForLock(writerPid)); i++) {
      if (i > 200) throw new Error('the writer never waited for the held product');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return await db()
      .transaction(async (tx) => {
        await tx.execute(sql`select id from catalog_products where id = ${high} for update nowait`);
      })
      .then(
        () => true,
        () => false,
      );
  } finally {
    release();
    await holder;
    await writer;
  }
}

describe('writers of many products lock them in id order', () => {
  it('the supplier-cost refresh of a feed import', async () => {
    await db().update(catalogProducts).set({ procurementCost: null }).where(eq(catalogProducts.companyId, tenant.companyId));
    expect(await higherIdFreeWhileLowerHeld((tx) => refreshCatalogCosts(tx, tenant.companyId))).toBe(true);
    const costs = await db().select({ cost: catalogProducts.procurementCost }).from(catalogProducts).where(eq(catalogProducts.companyId, tenant.companyId));
    expect(costs.map((c) => c.cost)).toEqual(['100.00', '100.00']);
  });

  it('a publish marking its products synced', async () => {
    expect(await higherIdFreeWhileLowerHeld((tx) => markSynced(tx, tenant.companyId, [low, high]))).toBe(true);
    const rows = await db().select({ syncedAt: catalogProducts.syncedAt }).from(catalogProducts).where(eq(catalogProducts.companyId, tenant.companyId));
    expect(rows.every((r) => r.syncedAt !== null)).toBe(true);
  });
});
