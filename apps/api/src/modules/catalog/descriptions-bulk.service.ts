import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_DESCRIPTION_LANGUAGE,
  DESCRIPTION_COPY_FIELDS,
  DESCRIPTION_MAX_LENGTH,
  PAGE_SIZE,
  emptySourceDescription,
  noSourceDescription,
  type BulkDescriptionPage,
  type BulkDescriptionPatch,
  type BulkDescriptionRow,
  type DescriptionCopy,
  type GenerateDescriptionsBody,
  type Language,
  type ListBulkDescriptionsQuery,
  type MachineCopyProposal,
  type MachineCopyResponse,
  type TranslateDescriptionsBody,
} from '@kontor/contract';
import { inIds } from '../../db/any-of.js';
import type { DbOrTx } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';
import { wholeRows } from '../../db/whole-rows.js';
import { catalogProducts, procurementCategories, procurementProducts, procurementSuppliers, productDescriptions } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { countAndPage } from '../../http/row-count.js';
import type { ChatMessage, LlmClient } from '../../lib/llm.js';
import { catalogProductsQuery, productSearchPieces, productsOnPage } from './catalog.service.js';
import { markProductEdited, toDescriptionResponse } from './descriptions.service.js';

/** The bodies after the contract parsed them (defaults filled in). */
export type BulkDescriptionPatchFields = z.output<typeof BulkDescriptionPatch>;
export type TranslateFields = z.output<typeof TranslateDescriptionsBody>;
export type GenerateFields = z.output<typeof GenerateDescriptionsBody>;

type DescriptionRow = typeof productDescriptions.$inferSelect;
type ProductHead = { id: number; sku: string; name: string };

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** Chat calls in flight at once per request: fast enough for a batch, gentle on the provider's rate limits. */
const LLM_CONCURRENCY = 4;
/** A supplier text longer than this adds cost, not information. */
const SUPPLIER_TEXT_MAX = 4_000;
const SUPPLIER_OFFERS_MAX = 3;

const LANGUAGE_NAMES: Record<Language, string> = { SV: 'Swedish', EN: 'English', NO: 'Norwegian (Bokmål)', DA: 'Danish' };

const copyOf = (row: DescriptionRow): DescriptionCopy => ({
  name: row.name,
  content: row.content,
  excerpt: row.excerpt,
  meta_title: row.metaTitle,
  meta_keywords: row.metaKeywords,
  meta_description: row.metaDescription,
});

/** A page of the grid's descriptions, read without building their select each time. */
const descriptionRows = wholeRows(productDescriptions);

/** The product's descriptions, all languages, for the rows of a page or a PATCH. */
async function descriptionsOf(db: DbOrTx, ctx: Ctx, productIds: number[]): Promise<Map<number, DescriptionRow[]>> {
  const byProduct = new Map<number, DescriptionRow[]>();
  if (!productIds.length) return byProduct;
  const rows = await descriptionRows.read(
    db,
    sql`select ${descriptionRows.columns} from ${productDescriptions}
      where ${productDescriptions.companyId} = ${ctx.user.companyId} and ${inIds(productDescriptions.productId, productIds)}
      order by ${productDescriptions.productId}, ${productDescriptions.language}`,
  );
  for (const row of rows) {
    const ofProduct = byProduct.get(row.productId);
    if (ofProduct) ofProduct.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return byProduct;
}

function toRow(product: ProductHead, descriptions: DescriptionRow[], language: Language): BulkDescriptionRow {
  const inLanguage = descriptions.find((d) => d.language === language);
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    languages: descriptions.map((d) => d.language),
    description: inLanguage ? toDescriptionResponse(inLanguage) : null,
  };
}

/**
 * GET: the catalog list (same filters, search, ordering and archived rule) with each product's
 * description in `language`. Paged and counted as the catalog list is (countAndPage, DESIGN §3):
 * a search's trigram scan runs once for the count and the page, a long list's count is estimated.
 * Read from the primary: the grid asks again right after a cell's save.
 */
export async function listBulkDescriptions(ctx: Ctx, query: ListBulkDescriptionsQuery, url: string): Promise<BulkDescriptionPage> {
  const { language = DEFAULT_DESCRIPTION_LANGUAGE, ...productQuery } = query;
  const { scoped, orderBy } = catalogProductsQuery(ctx, productQuery, await productSearchPieces(ctx, productQuery.search));
  const page = pageRequest(query, PAGE_SIZE.catalog);
  const { total, pageIds } = await countAndPage(ctx.db, { table: catalogProducts, where: scoped, orderBy, page, search: productQuery.search });
  if (pageIds?.length === 0) return pageResponse(url, page, total, []);
  const { onPage, order } = productsOnPage(scoped, orderBy, page, pageIds);
  const products = await sqlRows<ProductHead>(
    ctx.db,
    sql`select ${catalogProducts.id} as id, ${catalogProducts.sku} as sku, ${catalogProducts.name} as name
      from ${catalogProducts} where ${onPage} order by ${order}`,
  );
  const descriptions = await descriptionsOf(
    ctx.db,
    ctx,
    products.map((p) => p.id),
  );
  return pageResponse(
    url,
    page,
    total,
    products.map((p) => toRow(p, descriptions.get(p.id) ?? [], language)),
  );
}

/**
 * PATCH {product id}/: the save of one cell (or of a reviewed proposal). Writes the given fields into
 * the product's description in `language`, creating it with the spec defaults when there is none; one
 * INSERT ... ON CONFLICT, so two cells of a new description saved at once make one row, not a 400.
 */
export async function patchBulkDescription(ctx: Ctx, productId: number, body: BulkDescriptionPatchFields): Promise<BulkDescriptionRow> {
  const { language, ...fields } = body;
  const changes: Partial<typeof productDescriptions.$inferInsert> = {};
  if (fields.name !== undefined) changes.name = fields.name;
  if (fields.content !== undefined) changes.content = fields.content;
  if (fields.excerpt !== undefined) changes.excerpt = fields.excerpt;
  if (fields.meta_title !== undefined) changes.metaTitle = fields.meta_title;
  if (fields.meta_keywords !== undefined) changes.metaKeywords = fields.meta_keywords;
  if (fields.meta_description !== undefined) changes.metaDescription = fields.meta_description;
  if (fields.source !== undefined) changes.source = fields.source;
  if (fields.machine_translation !== undefined) changes.machineTranslation = fields.machine_translation;
  return ctx.db.transaction(async (tx) => {
    // The key-share lock keeps the product from being deleted between this check and the write.
    const [product] = await tx
      .select({ id: catalogProducts.id, sku: catalogProducts.sku, name: catalogProducts.name })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.companyId, ctx.user.companyId), eq(catalogProducts.id, productId)))
      .for('key share');
    if (!product) throw notFound();
    await tx
      .insert(productDescriptions)
      .values({ companyId: ctx.user.companyId, accountId: ctx.user.id, productId: product.id, language, ...changes })
      .onConflictDoUpdate({ target: [productDescriptions.productId, productDescriptions.language], set: { ...changes, updatedAt: new Date() } });
    await markProductEdited(tx, product.id);
    const descriptions = await descriptionsOf(tx, ctx, [product.id]);
    return toRow(product, descriptions.get(product.id) ?? [], language);
  });
}

/** The caller's products of a request body, in its order; another company's id is answered like a missing one. */
async function requestedProducts(ctx: Ctx, ids: number[]): Promise<ProductHead[]> {
  const rows = await ctx.db
    .select({ id: catalogProducts.id, sku: catalogProducts.sku, name: catalogProducts.name })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.companyId, ctx.user.companyId), inArray(catalogProducts.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw badRequest({ products: missing.map(invalidPk) });
  return ids.map((id) => byId.get(id)!);
}

/**
 * `text` cut to `max` UTF-16 units (the contract's limits count them), at a whole character: a cut
 * inside a surrogate pair would leave half an emoji, stored as U+FFFD once the proposal is saved.
 */
const cutToLength = (text: string, max: number) => {
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
};

/**
 * What the model must answer: the six copy fields as strings. Each is trimmed and cut to what the
 * field takes, so saving an accepted proposal never fails on a model that wrote too much.
 */
const ModelCopy = z.object(
  Object.fromEntries(
    DESCRIPTION_COPY_FIELDS.map((field) => [
      field,
      z.string().transform((v) => cutToLength(field === 'content' || field === 'excerpt' ? v : v.trim(), DESCRIPTION_MAX_LENGTH[field])),
    ]),
  ) as Record<keyof DescriptionCopy, z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>>,
);

const FIELD_GUIDE = [
  'Answer with one JSON object and nothing else. It has exactly these string keys:',
  '"name" (the product name), "meta_title" (at most 60 characters), "meta_description" (at most 160 characters),',
  '"meta_keywords" (comma-separated), "excerpt" (a short description, may contain HTML), "content" (the full description, may contain HTML).',
].join(' ');

function translationMessages(product: ProductHead, source: DescriptionCopy, from: Language, to: Language): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        `You translate product copy of an online shop from ${LANGUAGE_NAMES[from]} into ${LANGUAGE_NAMES[to]}.`,
        'Translate every field faithfully and naturally for shoppers. Keep HTML tags, numbers, units, SKUs and brand names as they are.',
        'A field that is empty in the source stays empty.',
        FIELD_GUIDE,
      ].join(' '),
    },
    { role: 'user', content: JSON.stringify({ sku: product.sku, source_language: from, target_language: to, description: source }) },
  ];
}

type SupplierOffer = { supplier: string; name: string; brand: string; category: string | null; description: string };

function generationMessages(product: ProductHead, offers: SupplierOffer[], language: Language): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        `You write product copy for an online shop in ${LANGUAGE_NAMES[language]}.`,
        'Use only the facts given (product name, SKU, supplier data); never invent specifications, certifications or prices.',
        'Write for shoppers: a clear name, a helpful description with short paragraphs (HTML <p> and <ul> allowed), and search-friendly meta fields.',
        FIELD_GUIDE,
      ].join(' '),
    },
    { role: 'user', content: JSON.stringify({ language, product: { sku: product.sku, name: product.name }, supplier_data: offers }) },
  ];
}

/** Runs `work` over `items` with at most `limit` at once, answers in the items' order; the first failure fails all. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index]!);
      } catch (err) {
        // No new calls once one failed: the request answers the error anyway.
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The `source` a saved proposal records: the model that wrote it (see the contract's note). */
const sourceTag = (llm: LlmClient) => llm.model.slice(0, 50);

const isBlank = (copy: DescriptionCopy) => DESCRIPTION_COPY_FIELDS.every((field) => copy[field].trim() === '');

/**
 * POST translate/: proposals for each product's description from `source_language` into
 * `target_language`. Nothing is stored. A product without (or with an empty) source description gets
 * its own error; an upstream failure fails the request (502), the caller retries the batch.
 */
export async function translateDescriptions(ctx: Ctx, llm: LlmClient, body: TranslateFields): Promise<MachineCopyResponse> {
  const products = await requestedProducts(ctx, body.products);
  const sourceRows = await ctx.db
    .select()
    .from(productDescriptions)
    .where(
      and(
        eq(productDescriptions.companyId, ctx.user.companyId),
        inArray(productDescriptions.productId, body.products),
        eq(productDescriptions.language, body.source_language),
      ),
    );
  const sources = new Map(sourceRows.map((row) => [row.productId, copyOf(row)]));
  const results = await mapLimited(products, LLM_CONCURRENCY, async (product): Promise<MachineCopyProposal> => {
    const source = sources.get(product.id);
    if (!source) return { product: product.id, source: null, proposal: null, error: noSourceDescription(body.source_language) };
    if (isBlank(source)) return { product: product.id, source, proposal: null, error: emptySourceDescription(body.source_language) };
    const proposal = await llm.completeJson(translationMessages(product, source, body.source_language, body.target_language), ModelCopy);
    return { product: product.id, source, proposal, error: null };
  });
  return { language: body.target_language, source: sourceTag(llm), results };
}

/** Each product's supplier offers (mapped procurement products), the facts a generated description may use, active ones first. */
async function supplierOffers(ctx: Ctx, productIds: number[]): Promise<Map<number, SupplierOffer[]>> {
  const rows = await ctx.db
    .select({
      productId: procurementProducts.catalogProductId,
      supplier: procurementSuppliers.name,
      name: procurementProducts.name,
      brand: procurementProducts.brand,
      category: procurementCategories.name,
      description: procurementProducts.description,
    })
    .from(procurementProducts)
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementProducts.supplierId))
    .leftJoin(procurementCategories, eq(procurementCategories.id, procurementProducts.categoryId))
    .where(and(eq(procurementProducts.companyId, ctx.user.companyId), inArray(procurementProducts.catalogProductId, productIds)))
    // Offers still active first: the model gets SUPPLIER_OFFERS_MAX of them, and removed ones are
    // older facts (a discontinued variant, last year's text).
    .orderBy(desc(eq(procurementProducts.status, 'active')), asc(procurementProducts.id));
  const byProduct = new Map<number, SupplierOffer[]>();
  for (const { productId, ...offer } of rows) {
    const offers = byProduct.get(productId!) ?? [];
    if (offers.length < SUPPLIER_OFFERS_MAX) offers.push({ ...offer, description: offer.description.slice(0, SUPPLIER_TEXT_MAX) });
    byProduct.set(productId!, offers);
  }
  return byProduct;
}

/** POST generate/: proposals written from each product's name, SKU and supplier data. Nothing is stored. */
export async function generateDescriptions(ctx: Ctx, llm: LlmClient, body: GenerateFields): Promise<MachineCopyResponse> {
  const products = await requestedProducts(ctx, body.products);
  const offers = await supplierOffers(ctx, body.products);
  const results = await mapLimited(products, LLM_CONCURRENCY, async (product): Promise<MachineCopyProposal> => {
    const proposal = await llm.completeJson(generationMessages(product, offers.get(product.id) ?? [], body.language), ModelCopy);
    return { product: product.id, source: null, proposal, error: null };
  });
  return { language: body.language, source: sourceTag(llm), results };
}
