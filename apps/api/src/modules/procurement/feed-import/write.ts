import { eq, sql, type SQL } from 'drizzle-orm';
import type { FeedImportResult, FeedMappingField } from '@kontor/contract';
import type { Db, Tx } from '../../../db/client.js';
import { procurementFeeds } from '../../../db/schema/index.js';
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
      nodes.set(prefix, { path: prefix, name: parts[i]!, parent: i === 0 ? null : parts.slice(0, i).join(' > '), depth: i, slug: slugify(prefix) || 'category' });
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

/** On an update only the fields the mapping fills are written: a field the feed does not have keeps its value. */
function updateSet(mapped: ReadonlySet<FeedMappingField>): SQL {
  const set = ['feed_id = excluded.feed_id', 'name = excluded.name'];
  const text = (field: FeedMappingField, column: string = field) => {
    if (mapped.has(field)) set.push(`${column} = excluded.${column}`);
  };
  text('description');
  text('brand');
  text('ean');
  if (mapped.has('stock_details')) set.push('stock_details = excluded.stock_details', 'stock_quantity = excluded.stock_quantity');
  if (mapped.has('cost')) set.push('cost = excluded.cost', 'cost_currency_id = excluded.cost_currency_id', 'cost_sek = excluded.cost_sek');
  text('url', 'urls');
  text('image_urls');
  text('product_type');
  text('category', 'category_id');
  set.push("status = 'active'", 'removed_at = null', 'last_seen_at = excluded.last_seen_at', 'updated_at = now()');
  // Column names only, from the fixed list above: nothing from the file reaches this text.
  return sql.raw(set.join(', '));
}

async function upsertProducts(tx: Tx, feed: FeedForImport, json: string, set: SQL): Promise<{ created: number; updated: number }> {
  const result = await tx.execute(sql`
    with s as (
      select * from jsonb_to_recordset(${json}::jsonb) as r(
        sku text, name text, description text, brand text, ean text, stock_details text, stock_quantity numeric,
        cost numeric, currency_id int, urls jsonb, image_urls jsonb, product_type text, category text)
    ), up as (
      insert into procurement_products as p (
        company_id, supplier_id, feed_id, category_id, sku, name, description, brand, ean, stock_details, stock_quantity,
        cost, cost_currency_id, cost_sek, urls, image_urls, product_type, status, last_seen_at, removed_at)
      select ${feed.companyId}, ${feed.supplierId}, ${feed.id}, c.id, s.sku, s.name, coalesce(s.description, ''), coalesce(s.brand, ''),
        coalesce(s.ean, ''), coalesce(s.stock_details, ''), s.stock_quantity, s.cost, s.currency_id,
        -- Exact NUMERIC arithmetic, rounded once; a result the column cannot hold stays unknown.
        case when abs(s.cost * cur.rate_to_sek) < 10000000000 then round(s.cost * cur.rate_to_sek, 2) end,
        coalesce(s.urls, '[]'::jsonb), coalesce(s.image_urls, '[]'::jsonb), coalesce(s.product_type, 'simple'), 'active', now(), null
      from s
      left join procurement_categories c on c.supplier_id = ${feed.supplierId} and c.path = s.category
      left join currencies cur on cur.id = s.currency_id
      on conflict (supplier_id, sku) do update set ${set}
      returning (xmax = 0) as inserted
    )
    select count(*) filter (where inserted)::int as created, count(*) filter (where not inserted)::int as updated from up`);
  const [counts] = rowsOf<{ created: number; updated: number }>(result);
  return { created: Number(counts?.created ?? 0), updated: Number(counts?.updated ?? 0) };
}

/** Products of this feed the file no longer has: marked removed (never deleted; they come back if they return). */
async function markRemoved(tx: Tx, feed: FeedForImport): Promise<number> {
  const result = await tx.execute(sql`
    with gone as (
      update procurement_products set status = 'removed', removed_at = now(), updated_at = now()
      where supplier_id = ${feed.supplierId} and feed_id = ${feed.id} and status = 'active'
        and (last_seen_at is null or last_seen_at < now())
      returning 1
    )
    select count(*)::int as removed from gone`);
  return Number(rowsOf<{ removed: number }>(result)[0]?.removed ?? 0);
}

/**
 * procurement_cost of the catalog products mapped to this feed's products (DESIGN §5): the
 * cost in SEK of the preferred mapped procurement product, the cheapest active one with
 * stock, else the cheapest active one. A product with no active costed offer keeps its cost.
 */
async function refreshCatalogCosts(tx: Tx, feed: FeedForImport): Promise<number> {
  const result = await tx.execute(sql`
    with affected as (
      select distinct catalog_product_id as id from procurement_products
      where supplier_id = ${feed.supplierId} and feed_id = ${feed.id} and catalog_product_id is not null
    ), best as (
      select distinct on (pp.catalog_product_id) pp.catalog_product_id as id, pp.cost_sek
      from procurement_products pp join affected a on a.id = pp.catalog_product_id
      where pp.company_id = ${feed.companyId} and pp.status = 'active' and pp.cost_sek is not null
      order by pp.catalog_product_id, (coalesce(pp.stock_quantity, 0) > 0) desc, pp.cost_sek, pp.id
    ), changed as (
      update catalog_products cp set procurement_cost = best.cost_sek, updated_at = now()
      from best
      where cp.id = best.id and cp.company_id = ${feed.companyId} and cp.procurement_cost is distinct from best.cost_sek
      returning 1
    )
    select count(*)::int as changed from changed`);
  return Number(rowsOf<{ changed: number }>(result)[0]?.changed ?? 0);
}

/**
 * Writes a parsed feed in ONE transaction: categories, products upserted by (supplier, sku)
 * in set-based batches, vanished products marked removed, catalog costs refreshed, the feed's
 * run recorded. Either all of it commits or none of it.
 */
export async function writeFeedImport(db: Db, feed: FeedForImport, collected: RowCollector, options: WriteOptions = {}): Promise<FeedImportResult> {
  const total = collected.rows.size;
  const set = updateSet(collected.mappedFields);
  return db.transaction(async (tx) => {
    await upsertCategories(tx, feed, options.accountId ?? feed.accountId, collected.categoryPaths);
    let created = 0;
    let updated = 0;
    let done = 0;
    options.onProgress?.(0, total);
    for (const batch of batches(collected.rows.values(), WRITE_BATCH_ROWS)) {
      options.signal?.throwIfAborted();
      const counts = await upsertProducts(tx, feed, `[${batch.map((r) => r.json).join(',')}]`, set);
      created += counts.created;
      updated += counts.updated;
      done += batch.length;
      options.onProgress?.(done, total);
    }
    options.signal?.throwIfAborted();
    const removed = await markRemoved(tx, feed);
    await refreshCatalogCosts(tx, feed);
    const now = new Date();
    await tx
      .update(procurementFeeds)
      .set({ lastRunAt: now, nextRunAt: nextRunAt(feed.schedule, now), ...(options.jobId ? { lastJobId: options.jobId } : {}) })
      .where(eq(procurementFeeds.id, feed.id));
    const result: FeedImportResult = {
      rows_total: collected.rowsTotal,
      created,
      updated,
      removed,
      skipped: collected.skipped,
      errors: collected.errors,
      error_count: collected.errorCount,
    };
    await options.inTransaction?.(tx, result);
    return result;
  });
}
