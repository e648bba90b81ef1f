import { eq, sql } from 'drizzle-orm';
import type { FeedImportResult, FeedMappingField } from '@kontor/contract';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { procurementFeeds } from '../../../db/schema/index.js';
import { repriceProducts } from '../../catalog/pricing.service.js';
import { slugify } from '../../inventory/slug.js';
import type { RowCollector } from './rows.js';
import { nextRunAt } from './schedule.js';

/** Rows per statement: big enough for set-based speed, small enough for one parameter. */
export const WRITE_BATCH_ROWS = 5000;

export type FeedForImport = Pick<
  typeof procurementFeeds.$inferSelect,
  'id' | 'companyId' | 'supplierId' | 'accountId' | 'name' | 'format' | 'columnMapping' | 'options' | 'currencyId' | 'schedule'
>;

export type WriteOptions = {
  /** The job it runs in: recorded as the feed's last job. */
  jobId?: number | undefined;
  /** Who started it: owner of new categories (default: the feed's creator). */
  accountId?: number | null | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((done: number, total: number | null) => void) | undefined;
  /** Runs last inside the import's transaction, e.g. to write the notification with it. */
  inTransaction?: ((tx: Tx, result: FeedImportResult) => Promise<void>) | undefined;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function* batches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

type CategoryNode = { path: string; name: string; parent: string | null; depth: number; slug: string };

/** Every prefix of every path is a node: 'A > B > C' gives 'A', 'A > B' and 'A > B > C'. */
export function categoryNodes(paths: Iterable<string>): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  for (const path of paths) {
    const parts = path.split(' > ');
    for (let i = 0; i < parts.length; i += 1) {
      const prefix = parts.slice(0, i + 1).join(' > ');
      if (nodes.has(prefix)) continue;
      nodes.set(prefix, {
        path: prefix,
        name: parts[i]!,
        parent: i === 0 ? null : parts.slice(0, i).join(' > '),
        depth: i,
        slug: slugify(prefix) || 'category',
      });
    }
  }
  return [...nodes.values()];
}

async function upsertCategories(tx: Tx, feed: FeedForImport, accountId: number | null, paths: Set<string>) {
  const nodes = categoryNodes(paths);
  for (const batch of batches(nodes, WRITE_BATCH_ROWS)) {
    const json = JSON.stringify(batch);
    await tx.execute(sql`
      insert into procurement_categories as c (company_id, account_id, supplier_id, name, slug, path, depth, latest_feed_id)
      select ${feed.companyId}, ${accountId}, ${feed.supplierId}, x.name, x.slug, x.path, x.depth, ${feed.id}
      from jsonb_to_recordset(${json}::jsonb) as x(path text, name text, slug text, depth int)
      on conflict (supplier_id, path) do update set latest_feed_id = excluded.latest_feed_id, updated_at = now()`);
    await tx.execute(sql`
      update procurement_categories c set parent_id = p.id, updated_at = now()
      from jsonb_to_recordset(${json}::jsonb) as x(path text, parent text), procurement_categories p
      where x.parent is not null and c.supplier_id = ${feed.supplierId} and c.path = x.path
        and p.supplier_id = ${feed.supplierId} and p.path = x.parent and c.parent_id is distinct from p.id`);
  }
}

/** The columns the feed's mapping fills: only these are written over when a product is already there. */
function mappedColumns(mapped: ReadonlySet<FeedMappingField>): string[] {
  const columns = ['feed_id', 'name'];
  if (mapped.has('description')) columns.push('description');
  if (mapped.has('brand')) columns.push('brand');
  if (mapped.has('ean')) columns.push('ean');
  if (mapped.has('stock_details')) columns.push('stock_details', 'stock_quantity');
  if (mapped.has('cost')) columns.push('cost', 'cost_currency_id', 'cost_sek');
  if (mapped.has('url')) columns.push('urls');
  if (mapped.has('image_urls')) columns.push('image_urls');
  if (mapped.has('product_type')) columns.push('product_type');
  if (mapped.has('category')) columns.push('category_id');
  return columns;
}

/**
 * One batch, set-based, in one statement: new SKUs are inserted; existing products are
 * updated only where a mapped field differs or the product comes back from 'removed'. Not
 * ON CONFLICT DO UPDATE: that locks (so writes) every existing row, even one whose WHERE is
 * false, and a re-import of a mostly unchanged file would rewrite the whole table.
 * Lookups (the existing product, the category, the rate) are scalar subqueries, so each is
 * one index probe per row whatever the planner believes about table sizes, and the update
 * finds its rows by primary key (see `writeFeedImport` for the join settings).
 * Column names in the raw SQL come from `mappedColumns`' fixed list, never from the file.
 */
async function upsertProducts(tx: Tx, feed: FeedForImport, json: string, columns: string[]): Promise<{ created: number; updated: number }> {
  const set = sql.raw(
    [...columns.map((c) => `${c} = s.${c}`), "status = 'active'", 'removed_at = null', 'last_seen_at = now()', 'updated_at = now()'].join(', '),
  );
  const changed = sql.raw(`(${columns.map((c) => `p.${c}`).join(', ')}, p.status) is distinct from (${columns.map((c) => `s.${c}`).join(', ')}, 'active')`);
  const result = await tx.execute(sql`
    with r as (
      select * from json_to_recordset(${json}::json) as r(
        sku text, name text, description text, brand text, ean text, stock_details text, stock_quantity numeric,
        cost numeric, currency_id int, urls jsonb, image_urls jsonb, product_type text, category text)
    ), s as materialized (
      -- Cast to the columns' types, so a stored value and the file's compare equal when they are.
      select r.sku, r.name, coalesce(r.description, '') as description, coalesce(r.brand, '') as brand, coalesce(r.ean, '') as ean,
        coalesce(r.stock_details, '') as stock_details, r.stock_quantity::numeric(14, 2) as stock_quantity,
        r.cost::numeric(14, 4) as cost, r.currency_id as cost_currency_id,
        -- Exact NUMERIC arithmetic, rounded once; a result the column cannot hold stays unknown.
        (select case when abs(round(r.cost * cur.rate_to_sek, 2)) < 10000000000 then round(r.cost * cur.rate_to_sek, 2) end
          from currencies cur where cur.id = r.currency_id) as cost_sek,
        coalesce(r.urls, '[]'::jsonb) as urls, coalesce(r.image_urls, '[]'::jsonb) as image_urls,
        coalesce(r.product_type, 'simple') as product_type, ${feed.id}::int as feed_id,
        (select c.id from procurement_categories c where c.supplier_id = ${feed.supplierId} and c.path = r.category) as category_id,
        (select x.id from procurement_products x where x.supplier_id = ${feed.supplierId} and x.sku = r.sku) as existing_id
      from r
    ), inserted as (
      insert into procurement_products (
        company_id, supplier_id, feed_id, category_id, sku, name, description, brand, ean, stock_details, stock_quantity,
        cost, cost_currency_id, cost_sek, urls, image_urls, product_type, status, last_seen_at)
      select ${feed.companyId}, ${feed.supplierId}, s.feed_id, s.category_id, s.sku, s.name, s.description, s.brand, s.ean,
        s.stock_details, s.stock_quantity, s.cost, s.cost_currency_id, s.cost_sek, s.urls, s.image_urls, s.product_type, 'active', now()
      from s
      where s.existing_id is null
      -- Only a product added meanwhile by another transaction conflicts; it is left as it is.
      on conflict (supplier_id, sku) do nothing
      returning 1
    ), updated as (
      update procurement_products p set ${set}
      from s
      where p.id = s.existing_id and ${changed}
      returning 1
    )
    select (select count(*) from inserted)::int as created, (select count(*) from updated)::int as updated`);
  const [counts] = rowsOf<{ created: number; updated: number }>(result);
  return { created: Number(counts?.created ?? 0), updated: Number(counts?.updated ?? 0) };
}

/**
 * Products of this feed the file no longer has: marked removed (never deleted; they come back
 * if they return). The feed's active SKUs are compared with the file's in memory, and the
 * missing ones are updated through the (supplier, sku) index. A SKU whose row was skipped for a
 * bad value is in the file, and stays.
 */
async function markRemoved(tx: Tx, feed: FeedForImport, collected: RowCollector): Promise<number> {
  const inFile = (sku: string) => collected.rows.has(sku) || collected.skippedSkus.has(sku);
  const active = rowsOf<{ sku: string }>(
    await tx.execute(sql`select sku from procurement_products where supplier_id = ${feed.supplierId} and feed_id = ${feed.id} and status = 'active'`),
  );
  const gone = active.map((r) => r.sku).filter((sku) => !inFile(sku));
  let removed = 0;
  for (const batch of batches(gone, WRITE_BATCH_ROWS * 2)) {
    const result = await tx.execute(sql`
      with gone as (
        update procurement_products set status = 'removed', removed_at = now(), updated_at = now()
        where supplier_id = ${feed.supplierId} and sku = any(array(select json_array_elements_text(${JSON.stringify(batch)}::json)))
          and feed_id = ${feed.id} and status = 'active'
        returning 1
      )
      select count(*)::int as removed from gone`);
    removed += Number(rowsOf<{ removed: number }>(result)[0]?.removed ?? 0);
  }
  return removed;
}

/**
 * procurement_cost of the catalog products mapped to supplier products (DESIGN §5): the cost in
 * SEK of the preferred mapped procurement product, the cheapest active one with stock, else the
 * cheapest active one. A product with no active costed offer keeps its cost. `feed` narrows it
 * to the products one feed import touched. The products whose cost changed, and only they, are
 * repriced in the same transaction. Answers how many changed.
 */
export async function refreshCatalogCosts(tx: DbOrTx, companyId: number, feed?: { id: number; supplierId: number }): Promise<number> {
  const ofFeed = feed ? sql`and supplier_id = ${feed.supplierId} and feed_id = ${feed.id}` : sql``;
  const result = await tx.execute(sql`
    with affected as (
      select distinct catalog_product_id as id from procurement_products
      where company_id = ${companyId} and catalog_product_id is not null ${ofFeed}
    ), best as (
      select distinct on (pp.catalog_product_id) pp.catalog_product_id as id, pp.cost_sek
      from procurement_products pp join affected a on a.id = pp.catalog_product_id
      where pp.company_id = ${companyId} and pp.status = 'active' and pp.cost_sek is not null
      order by pp.catalog_product_id, (coalesce(pp.stock_quantity, 0) > 0) desc, pp.cost_sek, pp.id
    ), changed as (
      -- Locked in id order first, as every product writer locks them (pricing.service), so a
      -- refresh and a bulk edit or markup change over the same products cannot deadlock.
      update catalog_products cp set procurement_cost = n.cost_sek, updated_at = now()
      from (
        select c.id, best.cost_sek from catalog_products c join best on best.id = c.id
        where c.company_id = ${companyId} and c.procurement_cost is distinct from best.cost_sek
        order by c.id
        for update of c
      ) n
      where cp.id = n.id
      returning cp.id
    )
    select coalesce(array_agg(id order by id), '{}') as ids from changed`);
  const ids = (rowsOf<{ ids: (number | string)[] }>(result)[0]?.ids ?? []).map(Number);
  await repriceProducts(tx, companyId, ids);
  return ids.length;
}

/**
 * Writes a parsed feed in ONE transaction: categories, products upserted by (supplier, sku)
 * in set-based batches, vanished products marked removed, catalog costs refreshed, the feed's
 * run recorded. Either all of it commits or none of it.
 */
export async function writeFeedImport(db: DbOrTx, feed: FeedForImport, collected: RowCollector, options: WriteOptions = {}): Promise<FeedImportResult> {
  const total = collected.rows.size;
  const columns = mappedColumns(collected.mappedFields);
  return db.transaction(async (tx) => {
    await upsertCategories(tx, feed, options.accountId ?? feed.accountId, collected.categoryPaths);
    let created = 0;
    let updated = 0;
    let done = 0;
    options.onProgress?.(0, total);
    // The planner's row counts for procurement_products are those of the last ANALYZE, often
    // from before this import's earlier batches: it would hash-join a batch with a scan of
    // the whole table. A batch of a few thousand rows wants a primary-key lookup per row, so
    // the other join methods are off while the batches are written.
    await tx.execute(sql`set local enable_hashjoin = off`);
    await tx.execute(sql`set local enable_mergejoin = off`);
    for (const batch of batches(collected.rows.values(), WRITE_BATCH_ROWS)) {
      options.signal?.throwIfAborted();
      const counts = await upsertProducts(tx, feed, `[${batch.map((r) => r.json).join(',')}]`, columns);
      created += counts.created;
      updated += counts.updated;
      done += batch.length;
      options.onProgress?.(done, total);
    }
    await tx.execute(sql`set local enable_hashjoin to default`);
    await tx.execute(sql`set local enable_mergejoin to default`);
    options.signal?.throwIfAborted();
    const removed = await markRemoved(tx, feed, collected);
    await refreshCatalogCosts(tx, feed.companyId, feed);
    const now = new Date();
    await tx
      .update(procurementFeeds)
      .set({ lastRunAt: now, nextRunAt: nextRunAt(feed.schedule, now), ...(options.jobId ? { lastJobId: options.jobId } : {}) })
      .where(eq(procurementFeeds.id, feed.id));
    const result: FeedImportResult = {
      rows_total: collected.rowsTotal,
      created,
      updated,
      unchanged: total - created - updated,
      removed,
      skipped: collected.skipped,
      errors: collected.errors,
      error_count: collected.errorCount,
    };
    await options.inTransaction?.(tx, result);
    return result;
  });
}
