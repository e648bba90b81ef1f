import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { catalogFileUrls, procurementProducts, procurementSuppliers } from '../schema/index.js';
import type { DemoTarget } from './demo-company.js';

/** Catalog products per supplier that get a manual and a data sheet. */
const PRODUCTS_PER_SUPPLIER = 3;

/**
 * The demo company's file URLs (spec §3 "File URL"): a user manual and a data sheet on the
 * supplier's site for a few catalog products each supplier also sells, found on the
 * supplier's product page (source_url), and each supplier's catalogue PDF, which belongs to no
 * product. One data sheet is gone from its source, so the list shows that state too. Runs after
 * the procurement seed, whose supplier products link the catalog to the suppliers.
 */
export async function seedDemoFileUrls(db: DbOrTx, target: DemoTarget): Promise<void> {
  const { companyId, userId } = target;
  const suppliers = await db
    .select({ id: procurementSuppliers.id, name: procurementSuppliers.name, website: procurementSuppliers.website })
    .from(procurementSuppliers)
    .where(eq(procurementSuppliers.companyId, companyId))
    .orderBy(asc(procurementSuppliers.id));

  const rows: (typeof catalogFileUrls.$inferInsert)[] = [];
  for (const supplier of suppliers) {
    const site = supplier.website.replace(/\/$/, '');
    const offers = await db
      .select({ sku: procurementProducts.sku, catalogProductId: procurementProducts.catalogProductId })
      .from(procurementProducts)
      .where(and(eq(procurementProducts.supplierId, supplier.id), isNotNull(procurementProducts.catalogProductId)))
      .orderBy(asc(procurementProducts.sku))
      .limit(PRODUCTS_PER_SUPPLIER);
    offers.forEach((offer, i) => {
      const slug = offer.sku.toLowerCase();
      const common = { companyId, accountId: userId, productId: offer.catalogProductId, sourceUrl: `${site}/p/${slug}` };
      rows.push(
        { ...common, url: `${site}/files/manuals/${slug}-manual.pdf`, title: 'User manual', priority: 1 },
        { ...common, url: `${site}/files/datasheets/${slug}-datasheet.pdf`, title: 'Product data sheet', priority: 2, removedFromSource: i === 1 },
      );
    });
    rows.push({
      companyId,
      accountId: userId,
      url: `${site}/files/catalogue-2026.pdf`,
      title: `${supplier.name} catalogue 2026`,
      priority: 10,
      sourceUrl: site,
    });
  }
  if (rows.length) await db.insert(catalogFileUrls).values(rows);
}
