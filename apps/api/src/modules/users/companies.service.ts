import { and, asc, count, eq } from 'drizzle-orm';
import { PAGE_SIZE, type CompanyPage, type CompanyResponse, type ListCompaniesQuery, type UpdateCompanyBody } from '@kontor/contract';
import { companies } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { lockCompanyAsAdmin } from './users.service.js';

const companyList: ListSpec = {
  fields: { id: { column: companies.id, type: 'int' }, name: { column: companies.name, type: 'text' } },
  search: [companies.name],
  ordering: ['id', 'name'],
  defaultOrdering: [asc(companies.name), asc(companies.id)],
};

type CompanyRow = typeof companies.$inferSelect;

const toCompanyResponse = (row: CompanyRow): CompanyResponse => ({
  id: row.id,
  name: row.name,
  country: row.country,
  url: row.url,
  platform: row.platform,
  agreed_to_terms: row.agreedToTerms,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A user sees exactly one company, their own; the list form is kept for DRF clients. */
export async function listCompanies(ctx: Ctx, query: ListCompaniesQuery, url: string): Promise<CompanyPage> {
  const { where, orderBy } = buildListQuery(query, companyList);
  const scoped = and(eq(companies.id, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(companies).where(scoped);
  const rows = await ctx.db
    .select()
    .from(companies)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toCompanyResponse));
}

export async function getCompany(ctx: Ctx, id: number): Promise<CompanyResponse> {
  // Another company is answered exactly like a missing one.
  if (id !== ctx.user.companyId) throw notFound();
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw notFound();
  return toCompanyResponse(row);
}

export async function updateCompany(ctx: Ctx, id: number, body: UpdateCompanyBody): Promise<CompanyResponse> {
  if (id !== ctx.user.companyId) throw notFound();
  // In a transaction, as every audited write: it tells the audit trigger who (ADR 0016).
  const [row] = await ctx.db.transaction(async (tx) => {
    // The caller must still be an Admin once the company row is theirs to change.
    await lockCompanyAsAdmin(tx, ctx);
    return tx
      .update(companies)
      .set({ name: body.name, country: body.country, url: body.url, platform: body.platform, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning();
  });
  if (!row) throw notFound();
  return toCompanyResponse(row);
}
