import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  IMAGE_CLASSIFICATION_TITLE_TAKEN,
  PAGE_SIZE,
  type ImageClassificationBody,
  type ImageClassificationPage,
  type ImageClassificationResponse,
  type ListImageClassificationsQuery,
} from '@kontor/contract';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { catalogImageClassifications } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';

const TITLE_KEY = 'catalog_image_classifications_company_title_key';

// Spelled out with aliases: drizzle leaves columns unqualified in a single-table select, and an
// unqualified "id" inside the subquery would be the image's own id.
const imageCount = sql<number>`(select count(*)::int from catalog_images i where i.classification_id = catalog_image_classifications.id)`;

function selectClassifications(db: DbOrTx, where: SQL | undefined) {
  return db.select({ row: catalogImageClassifications, imageCount }).from(catalogImageClassifications).where(where);
}
type Row = Awaited<ReturnType<typeof selectClassifications>>[number];

const toResponse = ({ row, imageCount }: Row): ImageClassificationResponse => ({
  id: row.id,
  title: row.title,
  image_count: imageCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const classificationList: ListSpec = {
  fields: {
    id: { column: catalogImageClassifications.id, type: 'int' },
    title: { column: catalogImageClassifications.title, type: 'text' },
    created_at: { column: catalogImageClassifications.createdAt, type: 'date' },
  },
  search: [catalogImageClassifications.title],
  ordering: ['id', 'title', 'created_at'],
  defaultOrdering: [asc(catalogImageClassifications.title), asc(catalogImageClassifications.id)],
};

const ofCompany = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(catalogImageClassifications.companyId, ctx.user.companyId), ...conditions);

/** GET /catalog/image_classifications/: by title, 25 a page. */
export async function listClassifications(ctx: Ctx, query: ListImageClassificationsQuery, url: string): Promise<ImageClassificationPage> {
  const { where, orderBy } = buildListQuery(query, classificationList);
  const scoped = ofCompany(ctx, where);
  const page = pageRequest(query as { limit?: number; offset?: number }, PAGE_SIZE.default);
  const [total] = await ctx.db.select({ n: count() }).from(catalogImageClassifications).where(scoped);
  const rows = await selectClassifications(ctx.db, scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, rows.map(toResponse));
}

export async function getClassification(ctx: Ctx, id: number, db: DbOrTx = ctx.db): Promise<ImageClassificationResponse> {
  const [row] = await selectClassifications(db, ofCompany(ctx, eq(catalogImageClassifications.id, id)));
  if (!row) throw notFound();
  return toResponse(row);
}

/** Titles are unique per company: the unique index decides, so two requests at once cannot both win. */
async function titleChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, TITLE_KEY)) throw badRequest({ title: [IMAGE_CLASSIFICATION_TITLE_TAKEN] });
    throw err;
  }
}

export async function createClassification(ctx: Ctx, body: ImageClassificationBody): Promise<ImageClassificationResponse> {
  return titleChecked(async () => {
    const [row] = await ctx.db
      .insert(catalogImageClassifications)
      .values({ companyId: ctx.user.companyId, accountId: ctx.user.id, title: body.title })
      .returning();
    return toResponse({ row: row!, imageCount: 0 });
  });
}

/** PUT and PATCH {id}/: the title is the only field. */
export async function renameClassification(ctx: Ctx, id: number, body: ImageClassificationBody): Promise<ImageClassificationResponse> {
  return titleChecked(async () => {
    const updated = await ctx.db
      .update(catalogImageClassifications)
      .set({ title: body.title, updatedAt: new Date() })
      .where(ofCompany(ctx, eq(catalogImageClassifications.id, id)))
      .returning({ id: catalogImageClassifications.id });
    if (updated.length === 0) throw notFound();
    return getClassification(ctx, id);
  });
}

/** DELETE {id}/: its images stay, unclassified (the foreign key sets them to null). */
export async function deleteClassification(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(catalogImageClassifications)
    .where(ofCompany(ctx, eq(catalogImageClassifications.id, id)))
    .returning({ id: catalogImageClassifications.id });
  if (deleted.length === 0) throw notFound();
}
