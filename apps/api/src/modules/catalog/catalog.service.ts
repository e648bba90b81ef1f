import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PAGE_SIZE,
  PRODUCT_TYPES,
  ProductTypeValue,
  isYes,
  type BulkDeleteProductsBody,
  type BulkUpdateProductsBody,
  type CreateProductBody,
  type FieldErrors,
  type ListProductsLiteQuery,
  type ListProductsQuery,
  type ProductLitePage,
  type ProductLiteResponse,
  type ProductPage,
  type ProductPatch,
  type ProductResponse,
  type ProductTypeList,
} from '@kontor/contract';
import { inIds } from '../../db/any-of.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { wholeRows } from '../../db/whole-rows.js';
import {
  catalogProducts,
  customerBackorders,
  customerOrderItems,
  customerOrders,
  inventoryLevels,
  inventoryLocations,
  inventoryTransactions,
  procurementOrderItems,
} from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse, type PageRequest } from '../../http/pagination.js';
import { countAndPage } from '../../http/row-count.js';
import { searchIndexPieces, searchSample } from '../../http/search-pieces.js';
import { lockAndRefreshProductStock } from '../inventory/ledger.service.js';
import { priceFigureNumbers } from './pricing.js';
import { repriceProducts } from './pricing.service.js';
import { PRODUCT_SEARCH_INDEX, productFilters, productSearch } from './product-filters.js';
import { numericOrNull } from '../../db/numeric.js';

/** The bodies after the contract parsed them: decimals are exact strings ready for NUMERIC. */
export type CreateProductFields = z.output<typeof CreateProductBody>;
export type ProductPatchFields = z.output<typeof ProductPatch>;
export type BulkUpdateProductsFields = z.output<typeof BulkUpdateProductsBody>;
type WritableFields = Partial<Omit<ProductPatchFields, 'id'>>;
// The contract exports these three as schemas only.
type ProductTypeListResponse = z.output<typeof ProductTypeList>;
type ProductsLiteQuery = z.output<typeof ListProductsLiteQuery>;
type ProductLitePageResponse = z.output<typeof ProductLitePage>;

type ProductRow = typeof catalogProducts.$inferSelect;
/** A list page's products, read without building their 34-column select each time. */
const productRows = wholeRows(catalogProducts);

export const SKU_TAKEN = 'A product with this SKU already exists.';
export const OWN_PROXY_PARENT = 'A product cannot be its own stock proxy parent.';
export const DUPLICATE_ROW = 'This product appears more than once in the request.';
export const PROXY_LOOP = 'This stock proxy parent draws its stock from this product; a loop is not allowed.';
const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** The effective price (DESIGN §5): the manual override wins over the automatic price. */
const effectivePrice = sql`coalesce(${catalogProducts.priceManualOverride}, ${catalogProducts.priceCalculatedAutomatically})`;

const productList: ListSpec = {
  fields: {
    id: { column: catalogProducts.id, type: 'int' },
    sku: { column: catalogProducts.sku, type: 'text' },
    name: { column: catalogProducts.name, type: 'text' },
    product_type: { column: catalogProducts.productType, type: 'text', choices: ProductTypeValue.options },
    created_at: { column: catalogProducts.createdAt, type: 'date' },
    updated_at: { column: catalogProducts.updatedAt, type: 'date' },
    // Ordering only: the contract's strict query schema refuses them as filters.
    qty_in_stock: { column: catalogProducts.qtyInStock, type: 'numeric' },
    price: { column: effectivePrice, type: 'numeric' },
    margin: { column: catalogProducts.margin, type: 'numeric' },
    margin_percent: { column: catalogProducts.marginPercent, type: 'numeric' },
  },
  search: [productSearch(null)],
  ordering: ['id', 'sku', 'name', 'qty_in_stock', 'price', 'margin', 'margin_percent', 'created_at', 'updated_at'],
  // Newest first, and the primary key alone is a stable order for pages.
  defaultOrdering: [desc(catalogProducts.id)],
};

const productLiteList: ListSpec = {
  fields: { id: { column: catalogProducts.id, type: 'int' } },
  search: [productSearch(null)],
  ordering: ['id'],
  defaultOrdering: [desc(catalogProducts.id)],
};

/** The one mapping from a row to the API shape; every endpoint answers through it. */
export const toProductResponse = (row: ProductRow): ProductResponse => {
  // Total cost and the prices view's Sale, Manual and Auto rows, from the stored prices (DESIGN §5).
  const figures = priceFigureNumbers(row);
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    product_type: row.productType,
    product__stock_proxy_parent: row.stockProxyParentId,
    qty_in_stock: Number(row.qtyInStock),
    cost_shipping: Number(row.costShipping),
    price_manual_override: numericOrNull(row.priceManualOverride),
    price_on_sale: numericOrNull(row.priceOnSale),
    price: numericOrNull(row.priceManualOverride ?? row.priceCalculatedAutomatically),
    vat: Number(row.vat),
    price_calculated_automatically: numericOrNull(row.priceCalculatedAutomatically),
    procurement_cost: numericOrNull(row.procurementCost),
    cost_packaging_labour: Number(row.costPackagingLabour),
    cost_packaging_material: Number(row.costPackagingMaterial),
    packaging_width: row.packagingWidth,
    packaging_length: row.packagingLength,
    packaging_height: row.packagingHeight,
    packaging_weight: numericOrNull(row.packagingWeight),
    default_location_id: row.defaultLocationId,
    qty_restock_level: Number(row.qtyRestockLevel),
    qty_restock_amount: Number(row.qtyRestockAmount),
    description: row.description,
    image_urls: row.imageUrls,
    url: row.url,
    archived: row.archivedAt !== null,
    total_cost: figures.totalCost,
    // The stored figures, the ones the margin filters select on (the pricing service keeps them).
    margin: numericOrNull(row.margin),
    margin_percent: numericOrNull(row.marginPercent),
    price_details: figures.details,
    edited_at: row.editedAt?.toISOString() ?? null,
    synced_at: row.syncedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

/**
 * API fields -> columns, only for the fields the body carries, so a bulk row changes exactly
 * what it names. `archived` is left to the caller: create and update stamp it differently.
 */
function toColumns(fields: WritableFields): Partial<typeof catalogProducts.$inferInsert> {
  const columns: Partial<typeof catalogProducts.$inferInsert> = {};
  if (fields.sku !== undefined) columns.sku = fields.sku;
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.product_type !== undefined) columns.productType = fields.product_type;
  if (fields.product__stock_proxy_parent !== undefined) columns.stockProxyParentId = fields.product__stock_proxy_parent;
  if (fields.cost_shipping !== undefined) columns.costShipping = fields.cost_shipping;
  if (fields.price_manual_override !== undefined) columns.priceManualOverride = fields.price_manual_override;
  if (fields.price_on_sale !== undefined) columns.priceOnSale = fields.price_on_sale;
  if (fields.vat !== undefined) columns.vat = fields.vat;
  if (fields.cost_packaging_labour !== undefined) columns.costPackagingLabour = fields.cost_packaging_labour;
  if (fields.cost_packaging_material !== undefined) columns.costPackagingMaterial = fields.cost_packaging_material;
  if (fields.packaging_width !== undefined) columns.packagingWidth = fields.packaging_width;
  if (fields.packaging_length !== undefined) columns.packagingLength = fields.packaging_length;
  if (fields.packaging_height !== undefined) columns.packagingHeight = fields.packaging_height;
  if (fields.packaging_weight !== undefined) columns.packagingWeight = fields.packaging_weight;
  if (fields.default_location_id !== undefined) columns.defaultLocationId = fields.default_location_id;
  if (fields.qty_restock_level !== undefined) columns.qtyRestockLevel = fields.qty_restock_level;
  if (fields.qty_restock_amount !== undefined) columns.qtyRestockAmount = fields.qty_restock_amount;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.image_urls !== undefined) columns.imageUrls = fields.image_urls;
  if (fields.url !== undefined) columns.url = fields.url;
  return columns;
}

const ofCompany = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(catalogProducts.companyId, ctx.user.companyId), ...conditions);

/**
 * Archived products stay out of lists unless asked for. A request for explicit ids (the spec's
 * `?id__in=a,b`, used to resolve products an order or a ledger row points at) still finds them.
 */
function archivedFilter(archived: string | undefined, query: { id?: string | undefined; id__in?: string | undefined }): SQL | undefined {
  if (archived !== undefined) return isYes(archived) ? isNotNull(catalogProducts.archivedAt) : isNull(catalogProducts.archivedAt);
  if (query.id || query.id__in) return undefined;
  return isNull(catalogProducts.archivedAt);
}

export function listProductTypes(): ProductTypeListResponse {
  return { count: PRODUCT_TYPES.length, next: null, previous: null, results: PRODUCT_TYPES.map((t) => ({ value: t.value, name: t.name })) };
}

/**
 * The catalog list's where and order for a query: the company, every filter, search and ordering.
 * Other product lists (bulk descriptions) select with it, so a filter means the same everywhere.
 */
export function catalogProductsQuery(ctx: Ctx, query: ListProductsQuery, searchPieces: string[] | null = null): { scoped: SQL | undefined; orderBy: SQL[] } {
  // The spec §9 filters are not columns; buildListQuery would call them unknown.
  const { rest, conditions } = productFilters(query);
  const { archived, ...filters } = rest;
  const { where, orderBy } = buildListQuery(filters, searchPieces ? { ...productList, search: [productSearch(searchPieces)] } : productList);
  return { scoped: ofCompany(ctx, where, archivedFilter(archived, query), ...conditions), orderBy };
}

/** The pieces of a product search to ask the trigram index for (http/search-pieces.ts); null for the whole term. */
export async function productSearchPieces(ctx: Ctx, search: string | undefined): Promise<string[] | null> {
  const term = search?.trim();
  return term ? searchIndexPieces(term, await searchSample(ctx.readDb, PRODUCT_SEARCH_INDEX)) : null;
}

export async function listProducts(ctx: Ctx, query: ListProductsQuery, url: string): Promise<ProductPage> {
  const { scoped, orderBy } = catalogProductsQuery(ctx, query, await productSearchPieces(ctx, query.search));
  const page = pageRequest(query, PAGE_SIZE.catalog);
  const { total, pageIds } = await countAndPage(ctx.readDb, { table: catalogProducts, where: scoped, orderBy, page, search: query.search });
  if (pageIds?.length === 0) return pageResponse(url, page, total, []);
  const { onPage, order } = productsOnPage(scoped, orderBy, page, pageIds);
  const rows = await productRows.read(ctx.readDb, sql`select ${productRows.columns} from ${catalogProducts} where ${onPage} order by ${order}`);
  return pageResponse(url, page, total, rows.map(toProductResponse));
}

/**
 * Which products are on a page of a product list, and its order, for a select of their rows: the
 * ids a search's scan found (countAndPage), else, past the exact count, a deferred join: the
 * page's ids first, from an index alone where one covers the filter and order (the default SKU
 * order has one), then the page's rows. Skipping 50,000 rows of the index is cheap; skipping
 * 50,000 whole rows is what made deep pages slow.
 */
export function productsOnPage(scoped: SQL | undefined, orderBy: SQL[], page: PageRequest, pageIds: number[] | null): { onPage: SQL; order: SQL } {
  const order = sql.join(orderBy, sql`, `);
  const onPage = pageIds
    ? inIds(catalogProducts.id, pageIds)
    : sql`${catalogProducts.id} in (select ${catalogProducts.id} from ${catalogProducts} where ${scoped} order by ${order} limit ${page.limit} offset ${page.offset})`;
  return { onPage, order };
}

/** The light list for pickers: the same scoping and search, five columns. */
export async function listProductsLite(ctx: Ctx, query: ProductsLiteQuery, url: string): Promise<ProductLitePageResponse> {
  const pieces = await productSearchPieces(ctx, query.search);
  const { where, orderBy } = buildListQuery(query, pieces ? { ...productLiteList, search: [productSearch(pieces)] } : productLiteList);
  const scoped = ofCompany(ctx, where, archivedFilter(undefined, query));
  const page = pageRequest(query, PAGE_SIZE.catalog);
  const { total, pageIds } = await countAndPage(ctx.readDb, { table: catalogProducts, where: scoped, orderBy, page, search: query.search });
  if (pageIds?.length === 0) return pageResponse(url, page, total, []);
  // The page: its ids when the search's scan found them (countAndPage), else the list's own page.
  const rows = await ctx.readDb
    .select({
      id: catalogProducts.id,
      sku: catalogProducts.sku,
      name: catalogProducts.name,
      productType: catalogProducts.productType,
      qtyInStock: catalogProducts.qtyInStock,
    })
    .from(catalogProducts)
    .where(pageIds ? inArray(catalogProducts.id, pageIds) : scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(pageIds ? 0 : page.offset);
  const results = rows.map((r): ProductLiteResponse => ({
    id: r.id,
    sku: r.sku,
    name: r.name,
    product_type: r.productType,
    qty_in_stock: Number(r.qtyInStock),
  }));
  return pageResponse(url, page, total, results);
}

export async function getProduct(ctx: Ctx, id: number): Promise<ProductResponse> {
  const [row] = await ctx.db
    .select()
    .from(catalogProducts)
    .where(ofCompany(ctx, eq(catalogProducts.id, id)));
  if (!row) throw notFound();
  return toProductResponse(row);
}

/**
 * Checks that the locations and proxy parents the rows name belong to the caller's company
 * (another company's id is answered as not existing) and that no product is its own parent.
 * They are key-share locked until the caller's transaction ends: one deleted between this check
 * and the write would fail the write's foreign key (a 500 instead of this 400).
 * `prefix(i)` places each row's errors (`''` for a single body, `products.2.` for bulk).
 */
async function checkReferences(
  ctx: Ctx,
  db: DbOrTx,
  rows: { productId?: number; fields: WritableFields }[],
  prefix: (index: number) => string,
): Promise<FieldErrors> {
  const locationIds = [...new Set(rows.map((r) => r.fields.default_location_id).filter((id): id is number => typeof id === 'number'))];
  const parentIds = [...new Set(rows.map((r) => r.fields.product__stock_proxy_parent).filter((id): id is number => typeof id === 'number'))];
  const knownLocations = new Set(
    locationIds.length
      ? (
          await db
            .select({ id: inventoryLocations.id })
            .from(inventoryLocations)
            .where(and(eq(inventoryLocations.companyId, ctx.user.companyId), inArray(inventoryLocations.id, locationIds)))
            .for('key share')
        ).map((r) => r.id)
      : [],
  );
  const knownParents = new Set(
    parentIds.length
      ? (
          await db
            .select({ id: catalogProducts.id })
            .from(catalogProducts)
            .where(ofCompany(ctx, inArray(catalogProducts.id, parentIds)))
            .for('key share')
        ).map((r) => r.id)
      : [],
  );
  const errors: FieldErrors = {};
  rows.forEach(({ productId, fields }, index) => {
    const location = fields.default_location_id;
    if (typeof location === 'number' && !knownLocations.has(location)) errors[`${prefix(index)}default_location_id`] = [invalidPk(location)];
    const parent = fields.product__stock_proxy_parent;
    if (typeof parent === 'number') {
      if (parent === productId) errors[`${prefix(index)}product__stock_proxy_parent`] = [OWN_PROXY_PARENT];
      else if (!knownParents.has(parent)) errors[`${prefix(index)}product__stock_proxy_parent`] = [invalidPk(parent)];
    }
  });
  return errors;
}

export async function createProduct(ctx: Ctx, body: CreateProductFields): Promise<ProductResponse> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const errors = await checkReferences(ctx, tx, [{ fields: body }], () => '');
      if (Object.keys(errors).length) throw badRequest(errors);
      const now = new Date();
      const [inserted] = await tx
        .insert(catalogProducts)
        .values({
          ...toColumns(body),
          sku: body.sku,
          name: body.name,
          companyId: ctx.user.companyId,
          accountId: ctx.user.id,
          archivedAt: body.archived ? now : null,
          // Made by hand, so an operator's product: edited (add-to-catalog products start unedited).
          editedAt: now,
        })
        .returning({ id: catalogProducts.id });
      await repriceProducts(tx, ctx.user.companyId, [inserted!.id]);
      const [row] = await tx.select().from(catalogProducts).where(eq(catalogProducts.id, inserted!.id));
      return toProductResponse(row!);
    });
  } catch (err) {
    // The unique index decides, so two operators creating the same SKU at once still get one product.
    if (isUniqueViolation(err, 'catalog_products_company_sku_key')) throw badRequest({ sku: [SKU_TAKEN] });
    throw err;
  }
}

/**
 * Serializes the company's writes that set a stock proxy parent until the transaction ends, so
 * two requests each adding half of a loop (A -> B and B -> A) cannot both pass the loop check.
 */
async function lockStockProxies(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog_stock_proxy'), ${companyId}::int)`);
}

/**
 * Of `productIds`, those whose chain of stock proxy parents (as the transaction sees it) leads
 * back to themselves. UNION (not UNION ALL) ends the walk on a loop.
 */
async function stockProxyLoops(tx: Tx, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const ids = `{${productIds.map((id) => Math.trunc(id)).join(',')}}`;
  const result = await tx.execute(sql`
    with recursive up(start, parent) as (
      select id, stock_proxy_parent_id from catalog_products where id = any(${ids}::int[]) and stock_proxy_parent_id is not null
      union
      select up.start, p.stock_proxy_parent_id from up join catalog_products p on p.id = up.parent where p.stock_proxy_parent_id is not null
    )
    select distinct start from up where parent = start`);
  return new Set((result as unknown as { rows: { start: number }[] }).rows.map((r) => Number(r.start)));
}

/**
 * Applies every row of the bulk PUT, or none: one transaction, errors collected per row
 * (`products.<index>.<field>`) and the whole request refused if any row fails.
 */
export async function bulkUpdateProducts(ctx: Ctx, body: BulkUpdateProductsFields): Promise<{ products: ProductResponse[] }> {
  return ctx.db.transaction(async (tx) => {
    const errors: FieldErrors = {};
    const ids = body.products.map((p) => p.id);
    const newParents = body.products.some((p) => typeof p.product__stock_proxy_parent === 'number');
    if (newParents) await lockStockProxies(tx, ctx.user.companyId);
    // Locked in id order, so two bulk edits over the same products cannot deadlock.
    const existing = await tx
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(ofCompany(ctx, inArray(catalogProducts.id, ids)))
      .orderBy(asc(catalogProducts.id))
      .for('update');
    const known = new Set(existing.map((r) => r.id));
    const seen = new Set<number>();
    body.products.forEach(({ id }, index) => {
      if (!known.has(id)) errors[`products.${index}.id`] = [invalidPk(id)];
      else if (seen.has(id)) errors[`products.${index}.id`] = [DUPLICATE_ROW];
      seen.add(id);
    });
    Object.assign(
      errors,
      await checkReferences(
        ctx,
        tx,
        body.products.map(({ id, ...fields }) => ({ productId: id, fields })),
        (index) => `products.${index}.`,
      ),
    );
    if (Object.keys(errors).length) throw badRequest(errors);

    // Rows that rename park their SKU on a unique placeholder first, so swapping two SKUs in
    // one request works; a real clash is still caught by the unique index below.
    const renamed = body.products.filter((p) => p.sku !== undefined).map((p) => p.id);
    if (renamed.length) {
      await tx
        .update(catalogProducts)
        .set({ sku: sql`'kontor-sku-swap:' || ${catalogProducts.id}::text || ':' || gen_random_uuid()::text` })
        .where(ofCompany(ctx, inArray(catalogProducts.id, renamed)));
    }

    const now = new Date();
    for (const [index, { id, archived, ...fields }] of body.products.entries()) {
      try {
        // A savepoint per row: a unique violation spoils only it, and the other rows still get checked.
        await tx.transaction(async (sp) =>
          sp
            .update(catalogProducts)
            .set({
              ...toColumns(fields),
              ...(archived === undefined ? {} : { archivedAt: archived ? sql`coalesce(${catalogProducts.archivedAt}, now())` : null }),
              updatedAt: now,
              // An operator's edit (spec §7 product-count edited/unedited).
              editedAt: now,
            })
            .where(ofCompany(ctx, eq(catalogProducts.id, id))),
        );
      } catch (err) {
        if (!isUniqueViolation(err, 'catalog_products_company_sku_key')) throw err;
        errors[`products.${index}.sku`] = [SKU_TAKEN];
      }
    }
    // Checked on the rows as written, so parents set in this same request count too.
    if (newParents && !Object.keys(errors).length) {
      const looped = await stockProxyLoops(
        tx,
        body.products.filter((p) => typeof p.product__stock_proxy_parent === 'number').map((p) => p.id),
      );
      body.products.forEach(({ id, product__stock_proxy_parent: parent }, index) => {
        if (typeof parent === 'number' && looped.has(id)) errors[`products.${index}.product__stock_proxy_parent`] = [PROXY_LOOP];
      });
    }
    // Throwing inside the transaction rolls back the rows already written.
    if (Object.keys(errors).length) throw badRequest(errors);
    // A new restock level can make a product low (or no longer low) without any stock moving.
    const restockChanged = body.products.filter((p) => p.qty_restock_level !== undefined).map((p) => p.id);
    await lockAndRefreshProductStock(tx, ctx.user.companyId, restockChanged);
    // Costs, VAT, override and type feed the prices; repricing rows whose inputs stayed is a no-op.
    await repriceProducts(tx, ctx.user.companyId, ids);
    const rows = await tx.select().from(catalogProducts).where(inArray(catalogProducts.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { products: ids.map((id) => toProductResponse(byId.get(id)!)) };
  });
}

const stockConflict = (skus: string[]) =>
  new AppError(
    'conflict',
    skus.length === 1
      ? `Product ${skus[0]} has stock or stock history and cannot be deleted; archive it instead.`
      : `Products ${skus.join(', ')} have stock or stock history and cannot be deleted; archive them instead.`,
  );

/**
 * Deletes the products, or none of them. A product with stock or any ledger row is kept, so
 * the ledger never loses its history; so is one on a purchase order, an open backorder or an
 * open customer order. The operator archives it instead.
 */
export async function bulkDeleteProducts(ctx: Ctx, body: BulkDeleteProductsBody): Promise<void> {
  const ids = [...new Set(body.products)];
  await ctx.db.transaction(async (tx) => {
    // The row locks make a concurrent stock movement wait for this delete (and then fail on
    // its foreign key), or make this delete wait for it and see its ledger row below.
    const rows = await tx
      .select({ id: catalogProducts.id, sku: catalogProducts.sku })
      .from(catalogProducts)
      .where(ofCompany(ctx, inArray(catalogProducts.id, ids)))
      .orderBy(asc(catalogProducts.id))
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw notFound(`No product with id ${missing.join(', ')}.`);

    const withStock = await tx
      .selectDistinct({ id: inventoryLevels.productId })
      .from(inventoryLevels)
      .where(and(inArray(inventoryLevels.productId, ids), gt(inventoryLevels.quantity, '0')));
    const withHistory = await tx
      .selectDistinct({ id: inventoryTransactions.productId })
      .from(inventoryTransactions)
      .where(inArray(inventoryTransactions.productId, ids));
    const blocked = new Set([...withStock, ...withHistory].map((r) => r.id));
    if (blocked.size) {
      throw stockConflict(rows.filter((r) => blocked.has(r.id)).map((r) => r.sku));
    }
    const onOrder = await tx
      .selectDistinct({ id: procurementOrderItems.productId })
      .from(procurementOrderItems)
      .where(inArray(procurementOrderItems.productId, ids));
    if (onOrder.length) {
      const skus = rows.filter((r) => onOrder.some((o) => o.id === r.id)).map((r) => r.sku);
      throw new AppError(
        'conflict',
        `${skus.length === 1 ? 'Product' : 'Products'} ${skus.join(', ')} on a purchase order cannot be deleted; archive instead.`,
      );
    }

    // The backorder would go with the product (its foreign key cascades), and with it the
    // record of what a customer still waits for.
    const awaited = await tx
      .selectDistinct({ id: customerBackorders.productId })
      .from(customerBackorders)
      .where(and(inArray(customerBackorders.productId, ids), isNull(customerBackorders.resolvedAt)));
    if (awaited.length) {
      const skus = rows.filter((r) => awaited.some((o) => o.id === r.id)).map((r) => r.sku);
      throw new AppError(
        'conflict',
        skus.length === 1
          ? `Product ${skus[0]} has an open backorder and cannot be deleted; archive it instead.`
          : `Products ${skus.join(', ')} have open backorders and cannot be deleted; archive them instead.`,
      );
    }

    // An open order's line would lose its product (the foreign key clears it) and become "Not in
    // catalog": nothing left to pick or backorder, so the order could not be delivered without
    // someone linking the line again. Delivered and cancelled orders are history; their lines may
    // lose it (ADR 0010).
    const onOpenOrders = await tx
      .selectDistinct({ productId: customerOrderItems.productId, orderId: customerOrderItems.orderId })
      .from(customerOrderItems)
      .innerJoin(customerOrders, eq(customerOrders.id, customerOrderItems.orderId))
      .where(and(inArray(customerOrderItems.productId, ids), notInArray(customerOrders.internalStatus, ['delivered', 'cancelled'])));
    if (onOpenOrders.length) {
      const skus = rows.filter((r) => onOpenOrders.some((o) => o.productId === r.id)).map((r) => r.sku);
      const orders = new Set(onOpenOrders.map((o) => o.orderId)).size;
      const onOrders = `on ${orders} open customer ${orders === 1 ? 'order' : 'orders'}`;
      throw new AppError(
        'conflict',
        skus.length === 1
          ? `Product ${skus[0]} is ${onOrders} and cannot be deleted; archive it instead.`
          : `Products ${skus.join(', ')} are ${onOrders} and cannot be deleted; archive them instead.`,
      );
    }

    // Empty level rows (a product once placed at a location) hold no stock and would block the delete.
    await tx.delete(inventoryLevels).where(inArray(inventoryLevels.productId, ids));
    // Variations that drew stock from a deleted parent fall back to their own; the foreign key
    // would null it too, but silently, without marking the variation as changed.
    await tx
      .update(catalogProducts)
      .set({ stockProxyParentId: null, updatedAt: new Date() })
      .where(ofCompany(ctx, inArray(catalogProducts.stockProxyParentId, ids)));
    await tx.delete(catalogProducts).where(ofCompany(ctx, inArray(catalogProducts.id, ids)));
  });
}
