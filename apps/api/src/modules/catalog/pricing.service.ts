import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AUTO_PRICE_LIMIT, MARGIN_PERCENT_FLOOR } from './pricing.js';

/**
 * Recomputes price_calculated_automatically, margin and margin_percent of the company's
 * products (all of them, or only `productIds`) in ONE set-based statement, the same arithmetic
 * as pricing.ts `priceProduct` (and the backfill of migration 0004): NUMERIC throughout,
 * round() half away from zero. Only rows whose figures change are written, and only they get
 * a new updated_at. Rows are locked in id order, as every other product writer locks them,
 * so repricing the whole catalog cannot deadlock with a bulk edit or a stock movement. The lock
 * is NO KEY UPDATE (what the update itself takes): a writer that only references a product
 * (a stock proxy parent, a ledger row) is not held up by it, and so cannot hold a product this
 * statement waits for while waiting for one it holds.
 * Call it inside the transaction that changed an input (costs, VAT, override, type, markups).
 * Answers how many products changed.
 */
export async function repriceProducts(db: DbOrTx, companyId: number, productIds?: readonly number[]): Promise<number> {
  if (productIds !== undefined && productIds.length === 0) return 0;
  // One parameter for any number of ids: an int[] literal.
  const only = productIds === undefined ? sql`` : sql`and c.id = any(${`{${productIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
  const result = await db.execute(sql`
    with changed as (
      update catalog_products p set
        price_calculated_automatically = n.auto, margin = n.margin, margin_percent = n.margin_percent, updated_at = now()
      from (
        select c.id, a.auto, e.margin,
          case when x.excl > 0 then greatest(${MARGIN_PERCENT_FLOOR}::numeric, round(e.margin / x.excl * 100, 2)) end as margin_percent
        from catalog_products c
        cross join lateral (
          select coalesce(c.procurement_cost, 0) + c.cost_shipping + c.cost_packaging_labour + c.cost_packaging_material as total
        ) t
        -- The first non-default rule that matches, by priority then id; else the default (pricing.ts pickMarkup).
        left join lateral (
          select m.percent from catalog_markups m
          where m.company_id = c.company_id
            and (m.is_default or (
              (m.cost_from is null or t.total >= m.cost_from) and (m.cost_to is null or t.total < m.cost_to)
              and (m.product_type is null or m.product_type = c.product_type)))
          order by m.is_default, m.priority, m.id
          limit 1
        ) mk on true
        cross join lateral (select round(t.total * (1 + mk.percent / 100) * (1 + c.vat / 100)) as rounded) r
        cross join lateral (
          select case when c.procurement_cost is not null and r.rounded < ${AUTO_PRICE_LIMIT}::numeric then r.rounded end as auto
        ) a
        cross join lateral (select round(coalesce(c.price_manual_override, a.auto) / (1 + c.vat / 100), 2) as excl) x
        cross join lateral (select x.excl - t.total as margin) e
        where c.company_id = ${companyId}::int ${only}
        order by c.id
        for no key update of c
      ) n
      where p.id = n.id
        and (p.price_calculated_automatically, p.margin, p.margin_percent) is distinct from (n.auto, n.margin, n.margin_percent)
      returning 1
    )
    select count(*)::int as changed from changed`);
  return Number((result as unknown as { rows: { changed: number }[] }).rows[0]?.changed ?? 0);
}
