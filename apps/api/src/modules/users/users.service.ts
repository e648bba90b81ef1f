import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  PAGE_SIZE,
  USER_MESSAGES,
  type CreateUserBody,
  type ListUsersQuery,
  type UpdateUserBody,
  type UserListItem,
  type UserPage,
  CreateUserBody as CreateUserSchema,
} from '@kontor/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { companies, users } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { forgetKnownUser } from '../../http/known-users.js';
import { hashPassword } from '../../lib/secrets.js';
import { endAllSessions } from '../auth/auth.service.js';

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

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName' | 'companyRole' | 'isActive'>;

const listColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyRole: users.companyRole,
  isActive: users.isActive,
};

const toUserListItem = (row: UserRow): UserListItem => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  company_role: row.companyRole,
  is_active: row.isActive,
});

/** The users of the caller's company; `url` is the request's absolute URL for next/previous. */
export async function listUsers(ctx: Ctx, query: ListUsersQuery, url: string): Promise<UserPage> {
  const { where, orderBy } = buildListQuery(query, userList);
  const scoped = and(eq(users.companyId, ctx.user.companyId), where);
  const page = pageRequest(query, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(users).where(scoped);
  const rows = await ctx.db
    .select(listColumns)
    .from(users)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toUserListItem));
}

/**
 * Locks the company row, which serializes role changes (two Admins demoting each other at once
 * cannot both win), and checks that the caller is still an active Admin once it has it: the role
 * was checked when the request came in, and another Admin may have taken it away since.
 */
export async function lockCompanyAsAdmin(tx: DbOrTx, ctx: Ctx): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, ctx.user.companyId)).for('update');
  const [caller] = await tx
    .select({ companyRole: users.companyRole, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.id, ctx.user.id), eq(users.companyId, ctx.user.companyId)));
  if (!caller?.isActive || caller.companyRole !== 'Admin') throw new AppError('permission_denied', 'You do not have permission to perform this action.');
}

/** An Admin adds a user to their own company (Staff unless said otherwise), with a first password. */
export async function createUser(ctx: Ctx, input: CreateUserBody): Promise<UserListItem> {
  // The schema holds the whole password rule here: the email is in the body.
  const body = CreateUserSchema.parse(input);
  const emailTaken = () => badRequest({ email: [USER_MESSAGES.emailTaken] });
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${body.email.trim().toLowerCase()}`);
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  try {
    // In a transaction, as every audited write: it tells the audit trigger who (ADR 0016).
    const [row] = await ctx.db.transaction(async (tx) => {
      await lockCompanyAsAdmin(tx, ctx);
      return tx
        .insert(users)
        .values({
          companyId: ctx.user.companyId,
          email: body.email.trim(),
          firstName: body.first_name,
          lastName: body.last_name,
          phonenumber: body.phonenumber,
          companyRole: body.company_role,
          passwordHash,
        })
        .returning(listColumns);
    });
    return toUserListItem(row!);
  } catch (err) {
    // Two Admins adding the same address at once: the unique index decides.
    if (isUniqueViolation(err, 'users_email_lower_key')) throw emailTaken();
    throw err;
  }
}

/**
 * An Admin changes a user of their own company: names, role, active. The company always keeps an
 * active Admin (so nobody can lock it out, themselves included). Deactivating ends the user's
 * sessions at once; a role change takes effect on their next request (the role is read per request).
 */
export async function updateUser(ctx: Ctx, id: number, body: UpdateUserBody): Promise<UserListItem> {
  return ctx.db.transaction(async (tx) => {
    await lockCompanyAsAdmin(tx, ctx);
    const [current] = await tx
      .select(listColumns)
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, ctx.user.companyId)));
    if (!current) throw notFound();
    const role = body.company_role ?? current.companyRole;
    const active = body.is_active ?? current.isActive;
    if (current.companyRole === 'Admin' && current.isActive && (role !== 'Admin' || !active)) {
      const [others] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, ctx.user.companyId), eq(users.companyRole, 'Admin'), eq(users.isActive, true), ne(users.id, id)));
      if ((others?.n ?? 0) === 0) throw badRequest({ [body.is_active === false ? 'is_active' : 'company_role']: [USER_MESSAGES.lastAdmin] });
    }
    // A role or active change must hold from this process's next request on (http/known-users.ts).
    forgetKnownUser(id);
    const [row] = await tx
      .update(users)
      .set({
        ...(body.first_name === undefined ? {} : { firstName: body.first_name }),
        ...(body.last_name === undefined ? {} : { lastName: body.last_name }),
        ...(body.phonenumber === undefined ? {} : { phonenumber: body.phonenumber }),
        companyRole: role,
        isActive: active,
      })
      .where(eq(users.id, id))
      .returning(listColumns);
    if (current.isActive && !active) await endAllSessions(tx, id);
    return toUserListItem(row!);
  });
}
