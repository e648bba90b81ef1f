import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductTaxonomiesResponse, TaxonomyRef, UpdateProductTaxonomiesBody } from '@kontor/contract';
import type { DbOrTx } from '../../../db/client.js';
import { catalogProductTaxonomies, catalogProducts, facebookTaxonomyItems, googleTaxonomyItems } from '../../../db/schema/index.js';
import type { Ctx } from '../../../http/context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { inheritedTaxonomy } from './publish-rows.js';

export type ProductTaxonomiesFields = z.output<typeof UpdateProductTaxonomiesBody>;

type Row = {
  own_google: number | null;
  own_facebook: number | null;
  google_id: number | null;
  google_taxonomy_id: number | null;
  google_slug_en: string | null;
  google_slug_sv: string | null;
  google_category_id: number | null;
  google_category_title: string | null;
  facebook_id: number | null;
  facebook_taxonomy_id: number | null;
  facebook_slug_en: string | null;
  facebook_slug_sv: string | null;
  facebook_category_id: number | null;
  facebook_category_title: string | null;
};

const ref = (id: number | null, taxonomyId: number | null, en: string | null, sv: string | null): TaxonomyRef | null =>
  id === null ? null : { id, taxonomy_id: taxonomyId!, slug_en: en ?? '', slug_sv: sv ?? '' };

/** The product's own channel categories and what its feeds use: the own one, else the nearest category's (ADR 0013). */
async function readProductTaxonomies(db: DbOrTx, companyId: number, productId: number): Promise<ProductTaxonomiesResponse> {
  const id = sql`${productId}::int`;
  const result = await db.execute(sql`
    select own.google_taxonomy_id as own_google, own.facebook_taxonomy_id as own_facebook,
      g.id as google_id, g.taxonomy_id as google_taxonomy_id, g.slug_en as google_slug_en, g.slug_sv as google_slug_sv,
      case when own.google_taxonomy_id is null then ig.category_id end as google_category_id,
      case when own.google_taxonomy_id is null then ig.category_title end as google_category_title,
      f.id as facebook_id, f.taxonomy_id as facebook_taxonomy_id, f.slug_en as facebook_slug_en, f.slug_sv as facebook_slug_sv,
      case when own.facebook_taxonomy_id is null then ifb.category_id end as facebook_category_id,
      case when own.facebook_taxonomy_id is null then ifb.category_title end as facebook_category_title
    from catalog_products p
    left join catalog_product_taxonomies own on own.product_id = p.id
    left join lateral ${inheritedTaxonomy('google', id)} ig on true
    left join lateral ${inheritedTaxonomy('facebook', id)} ifb on true
    left join google_taxonomy_items g on g.id = coalesce(own.google_taxonomy_id, ig.item_id)
    left join facebook_taxonomy_items f on f.id = coalesce(own.facebook_taxonomy_id, ifb.item_id)
    where p.id = ${id} and p.company_id = ${companyId}
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) throw notFound();
  return {
    product: productId,
    google_taxonomy: row.own_google,
    facebook_taxonomy: row.own_facebook,
    effective_google_taxonomy: ref(row.google_id, row.google_taxonomy_id, row.google_slug_en, row.google_slug_sv),
    effective_facebook_taxonomy: ref(row.facebook_id, row.facebook_taxonomy_id, row.facebook_slug_en, row.facebook_slug_sv),
    google_inherited_from: row.google_category_id === null ? null : { id: row.google_category_id, title: row.google_category_title ?? '' },
    facebook_inherited_from: row.facebook_category_id === null ? null : { id: row.facebook_category_id, title: row.facebook_category_title ?? '' },
  };
}

export const getProductTaxonomies = (ctx: Ctx, productId: number) => readProductTaxonomies(ctx.db, ctx.user.companyId, productId);

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** PUT: sets the product's own channel categories; null goes back to inheriting from its categories. */
export async function updateProductTaxonomies(ctx: Ctx, productId: number, body: ProductTaxonomiesFields): Promise<ProductTaxonomiesResponse> {
  return ctx.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.id, productId), eq(catalogProducts.companyId, ctx.user.companyId)))
      // Key-share locked: deleted between this check and the write, the link's foreign key would fail (a 500, not the 404).
      .for('key share');
    if (!product) throw notFound();
    const errors: Record<string, string[]> = {};
    if (body.google_taxonomy !== null) {
      const [item] = await tx.select({ id: googleTaxonomyItems.id }).from(googleTaxonomyItems).where(eq(googleTaxonomyItems.id, body.google_taxonomy));
      if (!item) errors.google_taxonomy = [invalidPk(body.google_taxonomy)];
    }
    if (body.facebook_taxonomy !== null) {
      const [item] = await tx.select({ id: facebookTaxonomyItems.id }).from(facebookTaxonomyItems).where(eq(facebookTaxonomyItems.id, body.facebook_taxonomy));
      if (!item) errors.facebook_taxonomy = [invalidPk(body.facebook_taxonomy)];
    }
    if (Object.keys(errors).length) throw badRequest(errors);

    if (body.google_taxonomy === null && body.facebook_taxonomy === null) {
      await tx.delete(catalogProductTaxonomies).where(eq(catalogProductTaxonomies.productId, productId));
    } else {
      const values = { googleTaxonomyId: body.google_taxonomy, facebookTaxonomyId: body.facebook_taxonomy };
      await tx
        .insert(catalogProductTaxonomies)
        .values({ productId, companyId: ctx.user.companyId, ...values })
        .onConflictDoUpdate({ target: catalogProductTaxonomies.productId, set: { ...values, updatedAt: sql`now()` } });
    }
    return readProductTaxonomies(tx, ctx.user.companyId, productId);
  });
}
