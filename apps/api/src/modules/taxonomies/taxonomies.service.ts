import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import {
  PAGE_SIZE,
  TAXONOMY_ALREADY_LINKED,
  TAXONOMY_LINK_NOT_YOURS,
  type CreateFacebookTaxonomyLinkBody,
  type CreateGoogleTaxonomyLinkBody,
  type FacebookTaxonomyLinkPage,
  type FacebookTaxonomyLinkResponse,
  type GoogleTaxonomyItemResponse,
  type GoogleTaxonomyLinkPage,
  type GoogleTaxonomyLinkResponse,
  type ListTaxonomyItemsQuery,
  type ListTaxonomyLinksQuery,
  type Page,
} from '@kontor/contract';
import { facebookTaxonomyItems, facebookTaxonomyLinks, googleTaxonomyItems, googleTaxonomyLinks } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

/**
 * The channels' taxonomies (spec §6, §7). Items are platform-wide reference data, readable by
 * every user; links are private: a Google link belongs to one user (another user's link, even in
 * the same company, is a 404), a Facebook link to one company. `linked` in a list describes the
 * caller's own link. Without a `linked` filter a list holds every item: the Facebook list's
 * default filter 'True' (spec §9) is the screen's starting value, sent as `?linked=True`.
 */

type ItemTable = typeof googleTaxonomyItems | typeof facebookTaxonomyItems;
type ItemRow = typeof googleTaxonomyItems.$inferSelect;
type TaxonomyItem = Omit<GoogleTaxonomyItemResponse, 'linked' | 'link_id'>;

const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const isTrue = (value: string) => ['true', '1'].includes(value.toLowerCase());

const toItem = (r: ItemRow): TaxonomyItem => ({ id: r.id, taxonomy_id: r.taxonomyId, slug_en: r.slugEn, slug_sv: r.slugSv, level: r.level });

const itemFields = (t: ItemTable): ListSpec['fields'] => ({
  id: { column: t.id, type: 'int' },
  taxonomy_id: { column: t.taxonomyId, type: 'int' },
  level: { column: t.level, type: 'int' },
  slug_en: { column: t.slugEn, type: 'text' },
  slug_sv: { column: t.slugSv, type: 'text' },
});

/** Every word must appear in one of the slugs ('garden tools' finds 'Home & Garden > ... > Tools'). */
function slugSearch(t: ItemTable, search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => or(ilike(t.slugEn, `%${escapeLike(word)}%`), ilike(t.slugSv, `%${escapeLike(word)}%`))));
}

type Channel = {
  items: ItemTable;
  links: typeof googleTaxonomyLinks | typeof facebookTaxonomyLinks;
  /** Which links are the caller's: Google links are a user's, Facebook links a company's. */
  ownLink: (ctx: Ctx) => SQL;
  pageSize: number;
};

const google: Channel = {
  items: googleTaxonomyItems,
  links: googleTaxonomyLinks,
  ownLink: (ctx) => and(eq(googleTaxonomyLinks.companyId, ctx.user.companyId), eq(googleTaxonomyLinks.accountId, ctx.user.id))!,
  pageSize: PAGE_SIZE.taxonomies,
};

const facebook: Channel = {
  items: facebookTaxonomyItems,
  links: facebookTaxonomyLinks,
  ownLink: (ctx) => eq(facebookTaxonomyLinks.companyId, ctx.user.companyId),
  pageSize: PAGE_SIZE.facebookList,
};

async function listItems(channel: Channel, ctx: Ctx, query: ListTaxonomyItemsQuery, url: string): Promise<Page<GoogleTaxonomyItemResponse>> {
  const { items, links } = channel;
  const { search, linked, ...filters } = query;
  const { where, orderBy } = buildListQuery(filters, {
    fields: itemFields(items),
    ordering: ['slug_en', 'slug_sv', 'taxonomy_id', 'level'],
    defaultOrdering: [asc(items.slugEn), asc(items.id)],
  });
  const linkedFilter = linked === undefined ? undefined : isTrue(linked) ? isNotNull(links.id) : isNull(links.id);
  const scoped = and(where, slugSearch(items, search), linkedFilter);
  const joinOwnLink = and(eq(links.taxonomyId, items.id), channel.ownLink(ctx));
  const page = pageRequest(query, channel.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(items).leftJoin(links, joinOwnLink).where(scoped);
  const rows = await ctx.db
    .select({ item: items, linkId: links.id })
    .from(items)
    .leftJoin(links, joinOwnLink)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(
    url,
    page,
    total?.n ?? 0,
    rows.map((r) => ({ ...toItem(r.item), linked: r.linkId !== null, link_id: r.linkId })),
  );
}

const linkList = (items: ItemTable, links: Channel['links']): ListSpec => ({
  fields: {
    taxonomy: { column: links.taxonomyId, type: 'int' },
    id: { column: links.id, type: 'int' },
    created_at: { column: links.createdAt, type: 'date' },
    slug_en: { column: items.slugEn, type: 'text' },
    slug_sv: { column: items.slugSv, type: 'text' },
  },
  ordering: ['id', 'created_at', 'slug_en', 'slug_sv'],
  defaultOrdering: [asc(items.slugEn), asc(links.id)],
});

async function listLinks<L>(
  channel: Channel,
  ctx: Ctx,
  query: ListTaxonomyLinksQuery,
  url: string,
  toLink: (link: typeof facebookTaxonomyLinks.$inferSelect, item: ItemRow) => L,
): Promise<Page<L>> {
  const { items, links } = channel;
  const { search, ...filters } = query;
  const { where, orderBy } = buildListQuery(filters, linkList(items, links));
  const scoped = and(channel.ownLink(ctx), where, slugSearch(items, search));
  const page = pageRequest(query, channel.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(links).innerJoin(items, eq(items.id, links.taxonomyId)).where(scoped);
  const rows = await ctx.db
    .select({ link: links, item: items })
    .from(links)
    .innerJoin(items, eq(items.id, links.taxonomyId))
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(
    url,
    page,
    total?.n ?? 0,
    rows.map((r) => toLink(r.link, r.item)),
  );
}

async function findItem(ctx: Ctx, items: ItemTable, id: number): Promise<ItemRow> {
  const [item] = await ctx.db.select().from(items).where(eq(items.id, id));
  if (!item) throw badRequest({ taxonomy: [invalidPk(id)] });
  return item;
}

// ---- Google: links per user ----

const toGoogleLink = (link: typeof googleTaxonomyLinks.$inferSelect, item: ItemRow): GoogleTaxonomyLinkResponse => ({
  id: link.id,
  account: link.accountId,
  taxonomy: link.taxonomyId,
  taxonomy_item: toItem(item),
  created_at: link.createdAt.toISOString(),
});

export const listGoogleItems = (ctx: Ctx, query: ListTaxonomyItemsQuery, url: string) => listItems(google, ctx, query, url);

export const listGoogleLinks = (ctx: Ctx, query: ListTaxonomyLinksQuery, url: string): Promise<GoogleTaxonomyLinkPage> =>
  listLinks(google, ctx, query, url, (link, item) => toGoogleLink({ ...link, accountId: link.accountId! }, item));

/** POST: links an item to the caller's own account; a link for anybody else is refused. */
export async function createGoogleLink(ctx: Ctx, body: CreateGoogleTaxonomyLinkBody): Promise<GoogleTaxonomyLinkResponse> {
  if (body.account !== ctx.user.id) throw badRequest({ account: [TAXONOMY_LINK_NOT_YOURS] });
  const item = await findItem(ctx, googleTaxonomyItems, body.taxonomy);
  // ON CONFLICT DO NOTHING rather than catching the unique violation: a second click is an
  // ordinary answer, and no failed statement is left behind.
  const [link] = await ctx.db
    .insert(googleTaxonomyLinks)
    .values({ companyId: ctx.user.companyId, accountId: ctx.user.id, taxonomyId: item.id })
    .onConflictDoNothing()
    .returning();
  if (!link) throw badRequest({ taxonomy: [TAXONOMY_ALREADY_LINKED] });
  return toGoogleLink(link, item);
}

export async function deleteGoogleLink(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(googleTaxonomyLinks)
    .where(and(eq(googleTaxonomyLinks.id, id), google.ownLink(ctx)))
    .returning({ id: googleTaxonomyLinks.id });
  if (deleted.length === 0) throw notFound();
}

// ---- Facebook: links per company ----

const toFacebookLink = (link: typeof facebookTaxonomyLinks.$inferSelect, item: ItemRow): FacebookTaxonomyLinkResponse => ({
  id: link.id,
  account: link.accountId,
  company: link.companyId,
  taxonomy: link.taxonomyId,
  taxonomy_item: toItem(item),
  created_at: link.createdAt.toISOString(),
});

export const listFacebookItems = (ctx: Ctx, query: ListTaxonomyItemsQuery, url: string) => listItems(facebook, ctx, query, url);

export const listFacebookLinks = (ctx: Ctx, query: ListTaxonomyLinksQuery, url: string): Promise<FacebookTaxonomyLinkPage> =>
  listLinks(facebook, ctx, query, url, toFacebookLink);

/** POST: links an item to the caller's company, recording the caller as the one who linked it. */
export async function createFacebookLink(ctx: Ctx, body: CreateFacebookTaxonomyLinkBody): Promise<FacebookTaxonomyLinkResponse> {
  const notYours = {
    ...(body.account === ctx.user.id ? {} : { account: [TAXONOMY_LINK_NOT_YOURS] }),
    ...(body.company === ctx.user.companyId ? {} : { company: [TAXONOMY_LINK_NOT_YOURS] }),
  };
  if (Object.keys(notYours).length) throw badRequest(notYours);
  const item = await findItem(ctx, facebookTaxonomyItems, body.taxonomy);
  const [link] = await ctx.db
    .insert(facebookTaxonomyLinks)
    .values({ companyId: ctx.user.companyId, accountId: ctx.user.id, taxonomyId: item.id })
    .onConflictDoNothing()
    .returning();
  if (!link) throw badRequest({ taxonomy: [TAXONOMY_ALREADY_LINKED] });
  return toFacebookLink(link, item);
}

export async function deleteFacebookLink(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(facebookTaxonomyLinks)
    .where(and(eq(facebookTaxonomyLinks.id, id), facebook.ownLink(ctx)))
    .returning({ id: facebookTaxonomyLinks.id });
  if (deleted.length === 0) throw notFound();
}
