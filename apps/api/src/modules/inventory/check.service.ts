import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export type InventoryProblem = {
  kind: 'level_differs_from_ledger' | 'negative_level' | 'qty_in_stock_differs' | 'other_company_reference';
  companyId: number;
  productId: number;
  locationId: number | null;
  expected: string;
  actual: string;
};

export type InventoryCheckReport = { companies: number; products: number; levels: number; transactions: number; problems: InventoryProblem[] };

type RawRow = Record<string, unknown>;

/** node-postgres and PGlite both answer raw SQL with `{rows}`. */
async function rows(db: DbOrTx, query: SQL): Promise<RawRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}

const problem = (kind: InventoryProblem['kind'], r: RawRow): InventoryProblem => ({
  kind,
  companyId: Number(r.company_id),
  productId: Number(r.product_id),
  locationId: r.location_id === null ? null : Number(r.location_id),
  expected: String(r.expected),
  actual: String(r.actual),
});

/**
 * Proves the DESIGN §5 invariants from the data alone: every level equals the sum of its
 * ledger deltas, no level is negative, every product's qty_in_stock equals the sum of its
 * levels at stock locations, and no level or ledger row points into another company.
 * Without `companyId` it checks every company.
 */
export async function checkInventory(db: DbOrTx, options: { companyId?: number } = {}): Promise<InventoryCheckReport> {
  const scope = (column: string) => (options.companyId === undefined ? sql`true` : sql`${sql.raw(column)} = ${options.companyId}`);
  const ledgerMismatch = await rows(
    db,
    sql`with ledger as (
          select company_id, product_id, location_id, sum(delta) as total
          from inventory_transactions where ${scope('company_id')} group by company_id, product_id, location_id
        ), levels as (select * from inventory_levels where ${scope('company_id')})
        select coalesce(lv.company_id, lg.company_id) as company_id, coalesce(lv.product_id, lg.product_id) as product_id,
               coalesce(lv.location_id, lg.location_id) as location_id,
               coalesce(lg.total, 0)::text as expected, coalesce(lv.quantity, 0)::text as actual
        from levels lv full join ledger lg on lg.product_id = lv.product_id and lg.location_id = lv.location_id
        where coalesce(lv.quantity, 0) <> coalesce(lg.total, 0)
        order by 1, 2, 3`,
  );
  const negative = await rows(
    db,
    sql`select company_id, product_id, location_id, '>= 0' as expected, quantity::text as actual
        from inventory_levels where quantity < 0 and ${scope('company_id')} order by 1, 2, 3`,
  );
  const stockMismatch = await rows(
    db,
    sql`select p.company_id, p.id as product_id, null::int as location_id, coalesce(s.total, 0)::text as expected, p.qty_in_stock::text as actual
        from catalog_products p
        left join (
          select lv.product_id, sum(lv.quantity) as total from inventory_levels lv
          join inventory_locations l on l.id = lv.location_id where not l.not_for_stock group by lv.product_id
        ) s on s.product_id = p.id
        where p.qty_in_stock <> coalesce(s.total, 0) and ${scope('p.company_id')}
        order by 1, 2`,
  );
  const crossCompany = await rows(
    db,
    sql`select r.company_id, r.product_id, r.location_id, 'company ' || r.company_id as expected,
               'product of company ' || p.company_id || ', location of company ' || l.company_id as actual
        from (select company_id, product_id, location_id from inventory_levels
              union select company_id, product_id, location_id from inventory_transactions) r
        join catalog_products p on p.id = r.product_id join inventory_locations l on l.id = r.location_id
        where (p.company_id <> r.company_id or l.company_id <> r.company_id) and ${scope('r.company_id')}
        order by 1, 2, 3`,
  );
  const [counts] = await rows(
    db,
    sql`select (select count(*) from companies where ${scope('id')})::int as companies,
               (select count(*) from catalog_products where ${scope('company_id')})::int as products,
               (select count(*) from inventory_levels where ${scope('company_id')})::int as levels,
               (select count(*) from inventory_transactions where ${scope('company_id')})::int as transactions`,
  );
  return {
    companies: Number(counts!.companies),
    products: Number(counts!.products),
    levels: Number(counts!.levels),
    transactions: Number(counts!.transactions),
    problems: [
      ...ledgerMismatch.map((r) => problem('level_differs_from_ledger', r)),
      ...negative.map((r) => problem('negative_level', r)),
      ...stockMismatch.map((r) => problem('qty_in_stock_differs', r)),
      ...crossCompany.map((r) => problem('other_company_reference', r)),
    ],
  };
}

export const describeProblem = (p: InventoryProblem): string =>
  `company ${p.companyId} product ${p.productId}${p.locationId === null ? '' : ` location ${p.locationId}`}: ${p.kind}, expected ${p.expected}, found ${p.actual}`;
