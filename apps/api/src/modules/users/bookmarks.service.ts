import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BOOKMARK_NAME_TAKEN,
  type BookmarkBody,
  type BookmarkKeyQuery,
  type BookmarkList,
  type BookmarkResponse,
  type BulkPinBody,
  type ListBookmarksQuery,
} from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { bookmarks } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';

/** The body after the contract applied its defaults (query '', pinned false). */
export type BookmarkFields = z.output<typeof BookmarkBody>;

type BookmarkRow = typeof bookmarks.$inferSelect;

const toBookmarkResponse = (row: BookmarkRow): BookmarkResponse => ({
  id: row.id,
  name: row.name,
  query: row.query,
  view: row.view,
  pinned: row.pinned,
  created_at: row.createdAt.toISOString(),
});

/** Bookmarks are private: every query is bound to the caller and their company. */
const mine = (ctx: Ctx, ...conditions: (SQL | undefined)[]) =>
  and(eq(bookmarks.userId, ctx.user.id), eq(bookmarks.companyId, ctx.user.companyId), ...conditions);

const byKey = (key: BookmarkKeyQuery) => and(eq(bookmarks.view, key.view), eq(bookmarks.name, key.name));

const nameTaken = () => badRequest({ name: [BOOKMARK_NAME_TAKEN] });

async function listAll(ctx: Ctx, db: DbOrTx, filter?: SQL): Promise<BookmarkList> {
  const rows = await db.select().from(bookmarks).where(mine(ctx, filter)).orderBy(asc(bookmarks.view), asc(bookmarks.name));
  return rows.map(toBookmarkResponse);
}

export async function listBookmarks(ctx: Ctx, query: ListBookmarksQuery): Promise<BookmarkList> {
  const filter = and(
    query.view ? eq(bookmarks.view, query.view) : undefined,
    query.pinned === undefined ? undefined : eq(bookmarks.pinned, query.pinned === 'true'),
  );
  return listAll(ctx, ctx.db, filter);
}

export async function createBookmark(ctx: Ctx, body: BookmarkFields): Promise<BookmarkResponse> {
  try {
    const [row] = await ctx.db
      .insert(bookmarks)
      .values({ companyId: ctx.user.companyId, userId: ctx.user.id, name: body.name, query: body.query, view: body.view, pinned: body.pinned })
      .returning();
    return toBookmarkResponse(row!);
  } catch (err) {
    // The unique index decides, so two tabs saving the same name at once still get one bookmark.
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** Replaces the bookmark at (view, name); the body may rename it or move it to another view. */
export async function updateBookmark(ctx: Ctx, key: BookmarkKeyQuery, body: BookmarkFields): Promise<BookmarkResponse> {
  try {
    const [row] = await ctx.db
      .update(bookmarks)
      .set({ name: body.name, query: body.query, view: body.view, pinned: body.pinned })
      .where(mine(ctx, byKey(key)))
      .returning();
    if (!row) throw notFound();
    return toBookmarkResponse(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function deleteBookmark(ctx: Ctx, key: BookmarkKeyQuery): Promise<void> {
  const deleted = await ctx.db
    .delete(bookmarks)
    .where(mine(ctx, byKey(key)))
    .returning({ id: bookmarks.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * Sets `pinned` on many bookmarks in one transaction. One unknown (view, name) refuses the
 * whole request, so the sidebar never ends up half saved.
 */
export async function bulkPin(ctx: Ctx, body: BulkPinBody): Promise<BookmarkList> {
  return ctx.db.transaction(async (tx) => {
    const missing: Record<string, string[]> = {};
    for (const [index, item] of body.bookmarks.entries()) {
      const updated = await tx
        .update(bookmarks)
        .set({ pinned: item.pinned })
        .where(mine(ctx, byKey(item)))
        .returning({ id: bookmarks.id });
      if (updated.length === 0) missing[`bookmarks.${index}`] = [`No bookmark named "${item.name}" in view "${item.view}".`];
    }
    // Throwing inside the transaction rolls back the rows already updated.
    if (Object.keys(missing).length) throw badRequest(missing);
    return listAll(ctx, tx);
  });
}
