import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { catalogCategories, catalogCategoryTaxonomies, facebookTaxonomyItems, googleTaxonomyItems } from '../schema/index.js';
import type { DemoTarget } from './demo-company.js';

/**
 * The demo category tree's channel categories (ADR 0013), so the demo's Google and Meta feeds
 * name real categories from the first start. The items are the official taxonomies' own
 * (Google's taxonomy-with-ids en-US and sv-SE, Meta's product categories; ids and paths
 * unchanged): they are inserted only when missing, so an import of the full files before or
 * after finds them equal and changes nothing.
 */
const GOOGLE_ITEMS = [
  [536, 'Home & Garden', 'Hem och trädgård'],
  [689, 'Home & Garden > Lawn & Garden', 'Hem och trädgård > Gräsmatta och trädgård'],
  [2962, 'Home & Garden > Lawn & Garden > Gardening', 'Hem och trädgård > Gräsmatta och trädgård > Trädgårdsskötsel'],
  [3173, 'Home & Garden > Lawn & Garden > Gardening > Gardening Tools', 'Hem och trädgård > Gräsmatta och trädgård > Trädgårdsskötsel > Trädgårdsverktyg'],
  [2918, 'Home & Garden > Lawn & Garden > Outdoor Living', 'Hem och trädgård > Gräsmatta och trädgård > Utomhusliv'],
  [4171, 'Home & Garden > Linens & Bedding', 'Hem och trädgård > Linne och sängkläder'],
  [594, 'Home & Garden > Lighting', 'Hem och trädgård > Belysning'],
  [696, 'Home & Garden > Decor', 'Hem och trädgård > Dekor'],
  [1011, 'Sporting Goods > Outdoor Recreation', 'Sportartiklar > Utomhusaktiviteter'],
  [1013, 'Sporting Goods > Outdoor Recreation > Camping & Hiking', 'Sportartiklar > Utomhusaktiviteter > Camping, vandring och backpacking'],
  [
    1016,
    'Sporting Goods > Outdoor Recreation > Camping & Hiking > Camping Cookware & Dinnerware',
    'Sportartiklar > Utomhusaktiviteter > Camping, vandring och backpacking > Kokkärl och bestick för camping',
  ],
  [
    1020,
    'Sporting Goods > Outdoor Recreation > Camping & Hiking > Sleeping Bags',
    'Sportartiklar > Utomhusaktiviteter > Camping, vandring och backpacking > Sovsäckar',
  ],
] as const;

const FACEBOOK_ITEMS = [
  [118, 'patio & garden'],
  [117, 'patio & garden > garden hand tools & equipment'],
  [90, 'sporting goods > outdoor recreation > camping & hiking'],
  [376, 'home > home goods'],
  [349, 'home > bedding'],
] as const;

/** Category slug -> Google taxonomy id; subcategories without one inherit their parent's. */
const GOOGLE_BY_SLUG: Record<string, number> = {
  tradgard: 689,
  tradgardsredskap: 3173,
  odling: 2962,
  uteplats: 2918,
  friluftsliv: 1011,
  camping: 1013,
  'sova-ute': 1020,
  friluftskok: 1016,
  vandring: 1013,
  hem: 536,
  textil: 4171,
  belysning: 594,
  inredning: 696,
};

const FACEBOOK_BY_SLUG: Record<string, number> = {
  tradgard: 118,
  tradgardsredskap: 117,
  friluftsliv: 90,
  hem: 376,
  textil: 349,
};

const levelOf = (path: string) => path.split(' > ').length - 1;

/** Our item ids of the channel's taxonomy ids. */
async function itemIdsByTaxonomyId(
  db: DbOrTx,
  table: typeof googleTaxonomyItems | typeof facebookTaxonomyItems,
  taxonomyIds: number[],
): Promise<Map<number, number>> {
  const rows = await db.select({ id: table.id, taxonomyId: table.taxonomyId }).from(table).where(inArray(table.taxonomyId, taxonomyIds));
  return new Map(rows.map((r) => [r.taxonomyId, r.id]));
}

export async function seedDemoTaxonomies(db: DbOrTx, { companyId }: DemoTarget): Promise<void> {
  await db
    .insert(googleTaxonomyItems)
    .values(GOOGLE_ITEMS.map(([taxonomyId, slugEn, slugSv]) => ({ taxonomyId, slugEn, slugSv, level: levelOf(slugEn) })))
    .onConflictDoNothing({ target: googleTaxonomyItems.taxonomyId });
  await db
    .insert(facebookTaxonomyItems)
    .values(FACEBOOK_ITEMS.map(([taxonomyId, slugEn]) => ({ taxonomyId, slugEn, level: levelOf(slugEn) })))
    .onConflictDoNothing({ target: facebookTaxonomyItems.taxonomyId });

  const google = await itemIdsByTaxonomyId(
    db,
    googleTaxonomyItems,
    GOOGLE_ITEMS.map(([id]) => id),
  );
  const facebook = await itemIdsByTaxonomyId(
    db,
    facebookTaxonomyItems,
    FACEBOOK_ITEMS.map(([id]) => id),
  );
  const slugs = Object.keys(GOOGLE_BY_SLUG);
  const categories = await db
    .select({ id: catalogCategories.id, slug: catalogCategories.slug })
    .from(catalogCategories)
    .where(and(eq(catalogCategories.companyId, companyId), inArray(catalogCategories.slug, slugs)));
  const rows = categories.map((c) => ({
    categoryId: c.id,
    companyId,
    googleTaxonomyId: google.get(GOOGLE_BY_SLUG[c.slug]!) ?? null,
    facebookTaxonomyId: FACEBOOK_BY_SLUG[c.slug] === undefined ? null : (facebook.get(FACEBOOK_BY_SLUG[c.slug]!) ?? null),
  }));
  if (rows.length) await db.insert(catalogCategoryTaxonomies).values(rows);
}
