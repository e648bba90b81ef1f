import { asc, count } from 'drizzle-orm';
import { PAGE_SIZE, type CurrencyResponse, type ListCurrenciesQuery } from '@kontor/contract';
import { currencies } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

/** Platform reference data (DESIGN §4): no company scoping, read by every signed-in user. */
const currencyList: ListSpec = {
  fields: {
    id: { column: currencies.id, type: 'int' },
    code: { column: currencies.code, type: 'text' },
    name: { column: currencies.name, type: 'text' },
  },
  search: [currencies.code, currencies.name],
  ordering: ['id', 'code', 'name'],
  defaultOrdering: [asc(currencies.code), asc(currencies.id)],
};

const toResponse = (r: typeof currencies.$inferSelect): CurrencyResponse => ({
  id: r.id,
  code: r.code,
  name: r.name,
  rate_to_sek: Number(r.rateToSek),
});

export async function listCurrencies(ctx: Ctx, query: ListCurrenciesQuery, url: string) {
  // Codes are upper case (ISO 4217); `?code=eur` finds EUR as a user would expect.
  const normalized = { ...query, code: query.code?.toUpperCase(), code__in: query.code__in?.toUpperCase() };
  const { where, orderBy } = buildListQuery(normalized, currencyList);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(currencies).where(where);
  const rows = await ctx.db
    .select()
    .from(currencies)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toResponse));
}
