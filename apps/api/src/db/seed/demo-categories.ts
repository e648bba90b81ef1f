import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { catalogCategories, catalogProductCategories, catalogProducts } from '../schema/index.js';
import { rebuildCategoryTree } from '../../modules/catalog/category-tree.js';
import type { DemoTarget } from './demo-company.js';
import { ITEMS } from './demo-shop.js';

/**
 * The demo shop's own category tree under the three top categories the procurement seed maps
 * onto (Trädgård, Friluftsliv, Hem), three levels deep, with every demo product in the leaf
 * that fits its item (demo-shop ITEMS index). `items` are ITEMS indexes.
 */
type SeedCategory = { title: string; slug: string; items?: readonly number[]; children?: readonly SeedCategory[] };

const TREE: Record<string, readonly SeedCategory[]> = {
  tradgard: [
    { title: 'Trädgårdsredskap', slug: 'tradgardsredskap', items: [0, 1, 2, 6] },
    { title: 'Odling', slug: 'odling', items: [3, 4, 7, 28, 29] },
    { title: 'Uteplats', slug: 'uteplats', items: [5, 8, 9] },
  ],
  friluftsliv: [
    {
      title: 'Camping',
      slug: 'camping',
      items: [10, 16],
      children: [
        { title: 'Sova ute', slug: 'sova-ute', items: [17, 18] },
        { title: 'Friluftskök', slug: 'friluftskok', items: [11, 12] },
      ],
    },
    { title: 'Vandring', slug: 'vandring', items: [13, 14, 15, 19] },
  ],
  hem: [
    { title: 'Textil', slug: 'textil', items: [20, 21, 27] },
    { title: 'Belysning', slug: 'belysning', items: [22, 23] },
    { title: 'Inredning', slug: 'inredning', items: [24, 25, 26] },
  ],
};

export async function seedDemoCategoryTree(db: DbOrTx, { companyId, userId }: DemoTarget): Promise<void> {
  const roots = await db
    .select({ id: catalogCategories.id, slug: catalogCategories.slug })
    .from(catalogCategories)
    .where(and(eq(catalogCategories.companyId, companyId), isNull(catalogCategories.parentId)));
  const products = await db.select({ id: catalogProducts.id, sku: catalogProducts.sku }).from(catalogProducts).where(eq(catalogProducts.companyId, companyId));
  // Demo SKUs are KNT-10001... in ITEMS order (demo-shop.ts), repeating every ITEMS.length products.
  const byItem = new Map<number, number[]>();
  for (const p of products) {
    const n = /^KNT-(\d+)$/.exec(p.sku ?? '')?.[1];
    if (n === undefined) continue;
    const item = (Number(n) - 10001) % ITEMS.length;
    byItem.set(item, [...(byItem.get(item) ?? []), p.id]);
  }

  const links: { productId: number; categoryId: number }[] = [];
  const insertLevel = async (parentId: number, level: readonly SeedCategory[]) => {
    const inserted = await db
      .insert(catalogCategories)
      .values(level.map((c, i) => ({ companyId, accountId: userId, parentId, title: c.title, slug: c.slug, sortOrder: i })))
      .returning({ id: catalogCategories.id, slug: catalogCategories.slug });
    for (const c of level) {
      const id = inserted.find((r) => r.slug === c.slug)!.id;
      for (const item of c.items ?? []) for (const productId of byItem.get(item) ?? []) links.push({ productId, categoryId: id });
      if (c.children) await insertLevel(id, c.children);
    }
  };
  for (const root of roots) {
    const children = TREE[root.slug];
    if (children) await insertLevel(root.id, children);
  }
  if (links.length) await db.insert(catalogProductCategories).values(links).onConflictDoNothing();
  // Roots in TREE's order; the nested-set numbers follow from parent + order. No tree lock: the
  // company is being created in this very transaction, so nobody else can edit its tree.
  const topSlugs = Object.keys(TREE);
  const rank = (slug: string) => (topSlugs.includes(slug) ? topSlugs.indexOf(slug) : topSlugs.length);
  const ordered = [...roots].sort((a, b) => rank(a.slug) - rank(b.slug) || a.id - b.id);
  for (const [i, r] of ordered.entries()) await db.update(catalogCategories).set({ sortOrder: i }).where(eq(catalogCategories.id, r.id));
  await rebuildCategoryTree(db, companyId);
}
