import { and, asc, count, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE, type ListUsersQuery, type UserListItem, type UserPage } from '@kontor/contract';
import { users } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

/** One text to match a person by: "first last email", so "Ada Lind" and "@shop.test" both find Ada. */
const fullName = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

const userList: ListSpec = {
  fields: {
    id: { column: users.id, type: 'int' },
    name: { column: fullName, type: 'text' },
    email: { column: users.email, type: 'text' },
    first_name: { column: users.firstName, type: 'text' },
    last_name: { column: users.lastName, type: 'text' },
    date_joined: { column: users.dateJoined, type: 'date' },
  },
  search: [fullName],
  ordering: ['id', 'name', 'email', 'first_name', 'last_name', 'date_joined'],
  defaultOrdering: [asc(users.firstName), asc(users.lastName), asc(users.id)],
};

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName' | 'companyRole'>;

const toUserListItem = (row: UserRow): UserListItem => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  company_role: row.companyRole,
});

/** The users of the caller's company; `url` is the request's absolute URL for next/previous. */
export async function listUsers(ctx: Ctx, query: ListUsersQuery, url: string): Promise<UserPage> {
  const { where, orderBy } = buildListQuery(query, userList);
  const scoped = and(eq(users.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(users).where(scoped);
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, companyRole: users.companyRole })
    .from(users)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toUserListItem));
}
