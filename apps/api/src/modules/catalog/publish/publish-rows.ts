import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

/**
 * Everything a feed needs of a product, read set-based: one query per batch of products
 * (keyset on id), whatever the batch size, so a publish of a million products is a thousand
 * queries, never a million.
 */
export type PublishRow = {
  id: number;
  sku: string;
  name: string;
  product_type: string;
  qty_in_stock: string;
  /** The effective price incl. VAT (manual override, else the auto price). */
  price: string | null;
  price_manual_override: string | null;
  price_calculated_automatically: string | null;
  price_on_sale: string | null;
  vat: string;
  procurement_cost: string | null;
  cost_shipping: string;
  cost_packaging_labour: string;
  cost_packaging_material: string;
  packaging_width: number | null;
  packaging_length: number | null;
  packaging_height: number | null;
  packaging_weight: string | null;
  default_location_id: number | null;
  qty_restock_level: string;
  qty_restock_amount: string;
  url: string;
  image_urls: string[];
  synced_at: string | null;
  created_at: string;
  updated_at: string;
  /** The description in the publish language, when the product has one. */
  description_name: string | null;
  description_content: string | null;
  description_excerpt: string | null;
  /** Storage keys of the attached library images, in their order. */
  image_keys: string[] | null;
  /** From the product's preferred supplier offer (active first), when it has one. */
  brand: string | null;
  ean: string | null;
  /** 'Trädgård > Odling': the titles from the root down to the product's deepest category. */
  category_path: string | null;
  google_taxonomy_id: number | null;
  google_slug: string | null;
  facebook_taxonomy_id: number | null;
  facebook_slug: string | null;
};

export type PublishScope = { companyId: number; ids?: readonly number[] | undefined; language: string };

const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** Products in scope: the company's, not archived, and the chosen ids when there are some. */
export function scopeCondition(scope: PublishScope, alias = 'p'): SQL {
  const p = sql.raw(alias);
  const only = scope.ids ? sql`and ${p}.id = any(${intArray(scope.ids)}::int[])` : sql``;
  return sql`${p}.company_id = ${scope.companyId} and ${p}.archived_at is null ${only}`;
}

/**
 * The channel category a product inherits (DESIGN §5, ADR 0013): the mapping of the deepest
 * category, among the product's categories and their ancestors, that maps the channel. The
 * nested-set numbers (ADR 0012) make the ancestors one range condition.
 */
export function inheritedTaxonomy(channel: 'google' | 'facebook', productId: SQL): SQL {
  const column = sql.raw(channel === 'google' ? 'ct.google_taxonomy_id' : 'ct.facebook_taxonomy_id');
  return sql`(
    select ${column} as item_id, a.id as category_id, a.title as category_title
    from catalog_product_categories pc
    join catalog_categories c on c.id = pc.category_id
    join catalog_categories a on a.company_id = c.company_id and a.tree_id = c.tree_id and a.lft <= c.lft and a.rght >= c.rght
    join catalog_category_taxonomies ct on ct.category_id = a.id
    where pc.product_id = ${productId} and ${column} is not null
    order by a.level desc, a.id
    limit 1
  )`;
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** One batch: products of the scope with id > `afterId`, at most `limit`, by id. */
export async function readPublishBatch(db: DbOrTx, scope: PublishScope, afterId: number, limit: number): Promise<PublishRow[]> {
  const productId = sql.raw('b.id');
  const result = await db.execute(sql`
    with b as (
      select * from catalog_products p
      where ${scopeCondition(scope)} and p.id > ${afterId}
      order by p.id
      limit ${limit}
    )
    select
      b.id, b.sku, b.name, b.product_type, b.qty_in_stock::text,
      coalesce(b.price_manual_override, b.price_calculated_automatically)::text as price,
      b.price_manual_override::text, b.price_calculated_automatically::text, b.price_on_sale::text, b.vat::text,
      b.procurement_cost::text, b.cost_shipping::text, b.cost_packaging_labour::text, b.cost_packaging_material::text,
      b.packaging_width, b.packaging_length, b.packaging_height, b.packaging_weight::text,
      b.default_location_id, b.qty_restock_level::text, b.qty_restock_amount::text, b.url, b.image_urls,
      ${iso('b.synced_at')} as synced_at, ${iso('b.created_at')} as created_at, ${iso('b.updated_at')} as updated_at,
      d.name as description_name, d.content as description_content, d.excerpt as description_excerpt,
      img.keys as image_keys,
      pp.brand, pp.ean,
      cat.path as category_path,
      g.taxonomy_id as google_taxonomy_id, g.slug_en as google_slug,
      f.taxonomy_id as facebook_taxonomy_id, f.slug_en as facebook_slug
    from b
    left join product_descriptions d on d.product_id = b.id and d.language = ${scope.language}
    left join lateral (
      select json_agg(i.storage_key order by pi.sort_order, pi.id) as keys
      from catalog_product_images pi join catalog_images i on i.id = pi.image_id
      where pi.product_id = b.id
    ) img on true
    left join lateral (
      select x.brand, x.ean from procurement_products x
      where x.catalog_product_id = b.id
      order by (x.status = 'active') desc, (x.brand <> '') desc, x.id
      limit 1
    ) pp on true
    left join lateral (
      select string_agg(a.title, ' > ' order by a.lft) as path
      from (
        select c.* from catalog_product_categories pc join catalog_categories c on c.id = pc.category_id
        where pc.product_id = b.id order by c.level desc, c.id limit 1
      ) c
      join catalog_categories a on a.company_id = c.company_id and a.tree_id = c.tree_id and a.lft <= c.lft and a.rght >= c.rght
    ) cat on true
    left join catalog_product_taxonomies own on own.product_id = b.id
    left join lateral ${inheritedTaxonomy('google', productId)} ig on true
    left join lateral ${inheritedTaxonomy('facebook', productId)} ifb on true
    left join google_taxonomy_items g on g.id = coalesce(own.google_taxonomy_id, ig.item_id)
    left join facebook_taxonomy_items f on f.id = coalesce(own.facebook_taxonomy_id, ifb.item_id)
    order by b.id
  `);
  return (result as unknown as { rows: PublishRow[] }).rows;
}

/** How many products the scope holds (the job's progress total). */
export async function countInScope(db: DbOrTx, scope: PublishScope): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from catalog_products p where ${scopeCondition(scope)}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Every batch of the scope in id order. */
export async function* publishBatches(db: DbOrTx, scope: PublishScope, batchSize = 1000): AsyncGenerator<PublishRow[]> {
  let after = 0;
  for (;;) {
    const rows = await readPublishBatch(db, scope, after, batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
