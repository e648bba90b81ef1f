import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CreateProductBody,
  MESSAGES,
  PAGE_SIZE,
  ProcurementProductStatus,
  isYes,
  type AddToCatalogResponse,
  type ListProcurementProductsQuery,
  type ProcurementBackorderRow,
  type ProcurementOrderAndBackorderDataResponse,
  type ProcurementProductPage,
  type ProcurementProductResponse,
  type SkipProcurementProductsResponse,
} from '@kontor/contract';
import { inIds } from '../../db/any-of.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { sqlRows } from '../../db/sql-rows.js';
import { wholeRows } from '../../db/whole-rows.js';
import {
  catalogProducts,
  currencies,
  customerBackorders,
  procurementCategories,
  procurementOrderItems,
  procurementOrders,
  procurementProducts,
  procurementSuppliers,
} from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { countAndPage } from '../../http/row-count.js';
import { repriceProducts } from '../catalog/pricing.service.js';
import { numericOrNull } from '../../db/numeric.js';

type ListQuery = z.output<typeof ListProcurementProductsQuery>;

/**
 * The feed's images followed by the image URLs added by hand or upload, oldest first. Written
 * against "procurement_products" by name: the subquery must not pick up its own table's id.
 */
export const allImageUrls = sql<string[]>`("procurement_products"."image_urls" || coalesce((
  select jsonb_agg(piu.url order by piu.id) from procurement_image_urls piu where piu.procurement_product_id = "procurement_products"."id"
), '[]'::jsonb))`;

/** Supplier product rows read through a SQL template (ADR 0022): every grid page, the prices view and a product GET read them. */
const supplierProductRows = wholeRows(procurementProducts);
/** Customer backorders, for the prices view's backorders of a page. */
const backorderRows = wholeRows(customerBackorders);
type ProductRow = typeof procurementProducts.$inferSelect & {
  supplierName: string;
  costCurrency: string | null;
  categoryName: string | null;
  /** allImageUrls: the feed's images, then those added by hand. */
  allImageUrls: string[];
};

/**
 * The company's supplier products that `where` selects (a condition on "procurement_products"),
 * in `order` (and a page of them), with the supplier's name, the cost's currency, the category's
 * name and every image URL. A SQL template rather than the query builder, which spent more of the
 * API's CPU on building this select with its joins than PostgreSQL spends running it (ADR 0023).
 */
async function selectProducts(db: DbOrTx, where: SQL | undefined, order: SQL[] = [], page?: { limit: number; offset: number }): Promise<ProductRow[]> {
  return (await supplierProductRows.read(
    db,
    sql`select ${supplierProductRows.columns}, ${procurementSuppliers.name} as "supplierName", ${currencies.code} as "costCurrency",
      ${procurementCategories.name} as "categoryName", ${allImageUrls} as "allImageUrls"
    from ${procurementProducts}
    join ${procurementSuppliers} on ${procurementSuppliers.id} = ${procurementProducts.supplierId}
    left join ${currencies} on ${currencies.id} = ${procurementProducts.costCurrencyId}
    left join ${procurementCategories} on ${procurementCategories.id} = ${procurementProducts.categoryId}
    ${where ? sql`where ${where}` : sql``}
    ${order.length ? sql`order by ${sql.join(order, sql`, `)}` : sql``}
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  )) as ProductRow[];
}

export const toProcurementProductResponse = (r: ProductRow): ProcurementProductResponse => ({
  id: r.id,
  sku: r.sku,
  name: r.name,
  stock_details: r.stockDetails,
  stock_quantity: numericOrNull(r.stockQuantity),
  cost: numericOrNull(r.cost),
  cost_currency_id: r.costCurrencyId,
  cost_currency: r.costCurrency,
  cost_sek: numericOrNull(r.costSek),
  supplier: r.supplierId,
  supplier_name: r.supplierName,
  urls: r.urls,
  image_urls: r.allImageUrls,
  image: r.allImageUrls[0] ?? null,
  product_type: r.productType,
  status: r.status,
  skipped: r.skipped,
  category: r.categoryId,
  category_name: r.categoryName,
  catalog_product: r.catalogProductId,
  description: r.description,
  brand: r.brand,
  ean: r.ean,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** What `search=` looks in: SKU, name, brand and EAN as one text, exactly the expression of their trigram index. */
const supplierProductSearchText = sql`(${procurementProducts.sku} || ' ' || ${procurementProducts.name} || ' ' || ${procurementProducts.brand} || ' ' || ${procurementProducts.ean})`;

const productList: ListSpec = {
  fields: {
    id: { column: procurementProducts.id, type: 'int' },
    created_at: { column: procurementProducts.createdAt, type: 'date' },
    supplier: { column: procurementProducts.supplierId, type: 'int' },
    status: { column: procurementProducts.status, type: 'text', choices: ProcurementProductStatus.options },
    category: { column: procurementProducts.categoryId, type: 'int' },
    // Ordering only: the contract's strict query schema refuses them as filters.
    name: { column: procurementProducts.name, type: 'text' },
    sku: { column: procurementProducts.sku, type: 'text' },
    cost_sek: { column: procurementProducts.costSek, type: 'numeric' },
  },
  search: [supplierProductSearchText],
  ordering: ['id', 'created_at', 'name', 'sku', 'cost_sek'],
  // Newest first (the (company, created_at) index answers it); the id breaks ties for stable pages.
  defaultOrdering: [desc(procurementProducts.createdAt), desc(procurementProducts.id)],
};

const ofCompany = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(procurementProducts.companyId, ctx.user.companyId), ...conditions);

/** The procurement product grid (spec §2, §9 procurement filters). */
export async function listProducts(ctx: Ctx, query: ListQuery, url: string): Promise<ProcurementProductPage> {
  // wishlist and mapped are not columns; buildListQuery would call them unknown.
  const { wishlist, mapped, ...filters } = query;
  const { where, orderBy } = buildListQuery(filters, productList);
  const scoped = ofCompany(
    ctx,
    where,
    wishlist ? eq(procurementProducts.skipped, wishlist === 'Skipped') : undefined,
    mapped ? (isYes(mapped) ? isNotNull(procurementProducts.catalogProductId) : isNull(procurementProducts.catalogProductId)) : undefined,
  );
  const page = pageRequest(query, PAGE_SIZE.catalog);
  const { total, pageIds } = await countAndPage(ctx.readDb, { table: procurementProducts, where: scoped, orderBy, page, search: query.search });
  if (pageIds?.length === 0) return pageResponse(url, page, total, []);
  // The page: its ids when the search's scan found them (countAndPage), else the list's own page.
  const rows = await selectProducts(ctx.readDb, pageIds ? inIds(procurementProducts.id, pageIds) : scoped, orderBy, {
    limit: page.limit,
    offset: pageIds ? 0 : page.offset,
  });
  return pageResponse(url, page, total, rows.map(toProcurementProductResponse));
}

export async function getProduct(ctx: Ctx, id: number): Promise<ProcurementProductResponse> {
  const [row] = await selectProducts(ctx.db, ofCompany(ctx, eq(procurementProducts.id, id)));
  if (!row) throw notFound();
  return toProcurementProductResponse(row);
}

/**
 * Locks the company's procurement products with these ids, in id order (so two bulk calls over
 * the same rows cannot deadlock). An id that is not the company's is answered 404, like a
 * missing one, and nothing is changed.
 */
async function lockProducts(tx: Tx, ctx: Ctx, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select({
      id: procurementProducts.id,
      sku: procurementProducts.sku,
      catalogProductId: procurementProducts.catalogProductId,
    })
    .from(procurementProducts)
    .where(ofCompany(ctx, inArray(procurementProducts.id, unique)))
    .orderBy(asc(procurementProducts.id))
    .for('update');
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`No procurement product with id ${missing.join(', ')}.`);
  return rows;
}

/** Skip (off the wishlist) or unskip products; answers how many changed state. */
export async function setSkipped(ctx: Ctx, ids: number[], skipped: boolean): Promise<SkipProcurementProductsResponse> {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockProducts(tx, ctx, ids);
    const changed = await tx
      .update(procurementProducts)
      .set({ skipped, updatedAt: new Date() })
      .where(
        ofCompany(
          ctx,
          inArray(
            procurementProducts.id,
            rows.map((r) => r.id),
          ),
          ne(procurementProducts.skipped, skipped),
        ),
      )
      .returning({ id: procurementProducts.id });
    return { updated: changed.length };
  });
}

const couldNotAdd = () => new AppError('conflict', MESSAGES.couldNotAddProducts);

/**
 * What a catalog product takes (CreateProductBody, which the product edit form sends back):
 * a copied value outside these rules would leave a product the operator cannot save (ADR 0031).
 */
const CATALOG = { skuMax: 100, nameMax: 500, imagesMax: 50 } as const;
const catalogSku = CreateProductBody.shape.sku;
const catalogUrl = CreateProductBody.shape.url.unwrap();
const catalogImageUrl = CreateProductBody.shape.image_urls.unwrap().element;
const isCatalogUrl = (url: string, rule: z.ZodType) => url === url.trim() && rule.safeParse(url).success;

/** A supplier's name longer than a catalog name: cut at a word's end near the limit, never inside a character, marked with '…'. */
function catalogName(name: string): string {
  if (name.length <= CATALOG.nameMax) return name;
  let cut = name.slice(0, CATALOG.nameMax - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  if (!/\s/.test(name[cut.length] ?? '')) {
    const wordStart = cut.search(/\s\S*$/);
    if (wordStart >= CATALOG.nameMax - 100) cut = cut.slice(0, wordStart);
  }
  return `${cut.trimEnd()}…`;
}

/** The supplier's images a catalog product takes: the first 50 http(s) URLs (of at most 2000 characters), in order. */
const catalogImages = (urls: string[]) => urls.filter((url) => isCatalogUrl(url, catalogImageUrl)).slice(0, CATALOG.imagesMax);

/** A SKU longer than a catalog SKU: it cannot be cut (a cut SKU names another product, or collides), so the add is refused. */
function tooLongSkus(rows: { id: number; sku: string }[]): string[] {
  return rows
    .filter((r) => !catalogSku.safeParse(r.sku).success)
    .map(
      (r) =>
        `The SKU of supplier product ${r.id} ('${r.sku.slice(0, 40)}…') is longer than ${CATALOG.skuMax} characters, the most a catalog SKU can have. Nothing was added.`,
    );
}
const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

/**
 * Add to catalog (DESIGN §5): one catalog product per procurement product, mapped to it and
 * placed in the catalog categories its procurement category is mapped to. All or nothing: a
 * product already mapped, or whose SKU the catalog has (archived products too), is a conflict
 * and nothing is added; a SKU longer than a catalog SKU is a 400 naming the product. What is
 * copied fits a catalog product (ADR 0031): a long name is cut, only the first 50 http(s) image
 * URLs and an http(s) link are kept. Set-based SQL, since a selection can be a few hundred products.
 */
export async function addToCatalog(ctx: Ctx, ids: number[]): Promise<AddToCatalogResponse> {
  const companyId = ctx.user.companyId;
  try {
    return await ctx.db.transaction(async (tx) => {
      const rows = await lockProducts(tx, ctx, ids);
      const tooLong = tooLongSkus(rows);
      if (tooLong.length) throw badRequest({ ids: tooLong });
      if (rows.some((r) => r.catalogProductId !== null)) throw couldNotAdd();
      const skus = rows.map((r) => r.sku);
      // Two suppliers may offer the same SKU; the catalog can hold it once.
      if (new Set(skus).size !== skus.length) throw couldNotAdd();
      const [taken] = await tx
        .select({ n: count() })
        .from(catalogProducts)
        .where(and(eq(catalogProducts.companyId, companyId), inArray(catalogProducts.sku, skus)));
      if (taken!.n > 0) throw couldNotAdd();

      const lockedIds = idList(rows.map((r) => r.id));
      // The copied name, images and link, made to fit a catalog product.
      const copied = await sqlRows<{ id: number; name: string; allImageUrls: string[]; url: string | null }>(
        tx,
        sql`select id, name, ${allImageUrls} as "allImageUrls", urls ->> 0 as url
        from ${procurementProducts} where company_id = ${companyId}::int and id in (${lockedIds})`,
      );
      const fitted = copied.map((r) => ({
        id: r.id,
        name: catalogName(r.name),
        image_urls: catalogImages(r.allImageUrls),
        url: r.url !== null && isCatalogUrl(r.url, catalogUrl) ? r.url : '',
      }));
      const inserted = (await tx.execute(sql`
        insert into catalog_products (company_id, account_id, sku, name, product_type, image_urls, url, description, procurement_cost)
        select pp.company_id, ${ctx.user.id}::int, pp.sku, f.name, pp.product_type, f.image_urls, f.url,
          case when btrim(pp.description) <> '' then jsonb_build_object('content', pp.description) else '{}'::jsonb end,
          pp.cost_sek
        from procurement_products pp
        join jsonb_to_recordset(${JSON.stringify(fitted)}::jsonb) as f(id int, name text, image_urls jsonb, url text) on f.id = pp.id
        where pp.company_id = ${companyId}::int and pp.id in (${lockedIds})
        order by pp.id
        returning id, sku
      `)) as unknown as { rows: { id: number; sku: string }[] };
      const bySku = new Map(inserted.rows.map((r) => [r.sku, Number(r.id)]));

      await tx.execute(sql`
        update procurement_products pp set catalog_product_id = c.id, updated_at = now()
        from catalog_products c
        where c.company_id = ${companyId}::int and c.sku = pp.sku
          and pp.company_id = ${companyId}::int and pp.id in (${lockedIds})
      `);
      // catalog_categories_auto_create: the mappings of the product's procurement category and
      // of the categories above it (a mapped 'Garden' also places 'Garden > Tools' products).
      await tx.execute(sql`
        insert into catalog_product_categories (product_id, category_id)
        select distinct pp.catalog_product_id, m.catalog_category_id
        from procurement_products pp
        join procurement_categories own on own.id = pp.category_id
        join procurement_categories above on above.supplier_id = own.supplier_id
          and (above.path = own.path or starts_with(own.path, above.path || ' > '))
        join procurement_category_mappings m on m.procurement_category_id = above.id
        join catalog_categories cc on cc.id = m.catalog_category_id and cc.company_id = ${companyId}::int
        where pp.company_id = ${companyId}::int and pp.id in (${lockedIds})
        on conflict do nothing
      `);
      // The copied supplier cost prices the new products with the company's markups.
      await repriceProducts(tx, companyId, [...bySku.values()]);
      return {
        created: rows.map((r) => ({ id: bySku.get(r.sku)!, sku: r.sku, procurement_product: r.id })),
        message: MESSAGES.productsAdded,
      };
    });
  } catch (err) {
    // Someone created one of these SKUs in the catalog between the check and the insert.
    if (isUniqueViolation(err, 'catalog_products_company_sku_key')) throw couldNotAdd();
    throw err;
  }
}

/**
 * For the order screens: the procurement products mapped to these catalog products, with what
 * is still on order for each catalog product, and their unresolved customer backorders. Ids of
 * other companies' products simply find nothing.
 */
export async function procurementOrderAndBackorderData(ctx: Ctx, productIds: number[]): Promise<ProcurementOrderAndBackorderDataResponse> {
  const companyId = ctx.user.companyId;
  const products = await selectProducts(ctx.db, ofCompany(ctx, inIds(procurementProducts.catalogProductId, productIds)), [
    asc(procurementProducts.catalogProductId),
    asc(procurementProducts.id),
  ]);
  const onOrderRows = await sqlRows<{ productId: number; onOrder: string }>(
    ctx.db,
    sql`select i.product_id as "productId", sum(i.quantity - i.quantity_received)::text as "onOrder"
    from ${procurementOrderItems} i join ${procurementOrders} o on o.id = i.order_id
    where o.company_id = ${companyId} and ${inIds(sql`i.product_id`, productIds)} and o.status in ('open', 'partially_received')
    group by i.product_id`,
  );
  const onOrder = new Map(onOrderRows.map((r) => [r.productId, Number(r.onOrder)]));
  const backorders = await backorderRows.read(
    ctx.db,
    sql`select ${backorderRows.columns} from ${customerBackorders}
    where ${customerBackorders.companyId} = ${companyId} and ${inIds(customerBackorders.productId, productIds)} and ${customerBackorders.resolvedAt} is null
    order by ${customerBackorders.createdAt}, ${customerBackorders.id}`,
  );
  const results = backorders.map((b): ProcurementBackorderRow => ({
    id: b.id,
    product: b.productId,
    quantity: Number(b.quantity),
    order_number: b.orderNumber,
    comments: b.comments,
    created_at: b.createdAt.toISOString(),
  }));
  return {
    result: {
      procurement_products: products.map((r) => ({ ...toProcurementProductResponse(r), on_order: onOrder.get(r.catalogProductId!) ?? 0 })),
      backorders: { count: results.length, next: null, previous: null, results },
    },
  };
}
