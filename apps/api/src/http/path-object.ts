import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from './context.js';

/**
 * Whether the object a detail route's path names (`:id`) is one of the caller's. A route with a
 * path id and a body or query declares one (`config: { pathObject }`); the error handler asks it
 * only when the request failed validation, so that an object the caller has not (missing,
 * another company's) is a 404 before the 400 on its input, as DRF's generic views look the
 * object up before they validate (ADR 0006). A valid request never runs it: the service's own
 * lookup answers the 404 then. Its scope must be exactly the one of that service lookup.
 */
export type PathObjectLookup = (ctx: Ctx, id: number) => Promise<boolean>;

/** A table of a company's rows: an integer `id` and a `company_id`. */
type CompanyTable = PgTable & { id: AnyPgColumn; companyId: AnyPgColumn };

/**
 * The caller's company's row of `table` with the path's id; `also` narrows it where the
 * service's lookup does (a notification of the caller's own, a backorder still open).
 */
export function ownedBy(table: CompanyTable, also?: (ctx: Ctx) => SQL | undefined): PathObjectLookup {
  return async (ctx, id) => {
    const rows = await ctx.db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(eq(table.id, id), eq(table.companyId, ctx.user.companyId), also?.(ctx)))
      .limit(1);
    return rows.length > 0;
  };
}

/** /users/companies/{id}/: the caller's own company, and no other (no statement needed). */
export const ownCompany: PathObjectLookup = async (ctx, id) => id === ctx.user.companyId;
