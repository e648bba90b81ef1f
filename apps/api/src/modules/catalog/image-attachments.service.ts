import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import {
  IMAGE_ALREADY_ON_CATEGORY,
  IMAGE_ALREADY_ON_PRODUCT,
  PAGE_SIZE,
  type CategoryImageBody,
  type CategoryImagePage,
  type CategoryImageResponse,
  type FieldErrors,
  type ListCategoryImagesQuery,
  type ListProductImagesQuery,
  type ProductImageBody,
  type ProductImagePage,
  type ProductImageResponse,
} from '@kontor/contract';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { catalogCategories, catalogCategoryImages, catalogImages, catalogProductImages, catalogProducts } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { buildListQuery, type ListSpec } from '../../http/filters.js';
import { pageRequest, pageResponse } from '../../http/pagination.js';
import { imagesById, invalidPk } from './images.service.js';

/**
 * Images attached to catalog products and to catalog categories (spec §7 "product images",
 * "category images"): an image of the library, in an order. The two behave alike; an image is
 * attached to a product or category once.
 */

type Attachment = { id: number; ownerId: number; imageId: number; sortOrder: number; createdAt: Date };

async function withImages<T>(
  ctx: Ctx,
  publicUrl: string,
  rows: Attachment[],
  build: (row: Attachment, image: ProductImageResponse['image']) => T,
): Promise<T[]> {
  const images = await imagesById(
    ctx,
    publicUrl,
    rows.map((r) => r.imageId),
  );
  return rows.map((r) => build(r, images.get(r.imageId)!));
}

/**
 * Both ids must be the caller's company's; either failing is a 400 naming the field, as DRF's
 * PrimaryKeyRelatedField answers. Both rows are key-share locked: one deleted between this check
 * and the insert would make the insert's foreign key fail (a 500 instead of the 400).
 */
async function checkOwnerAndImage(ctx: Ctx, tx: Tx, owner: { field: string; exists: () => Promise<boolean>; id: number }, imageId: number): Promise<void> {
  const errors: FieldErrors = {};
  if (!(await owner.exists())) errors[owner.field] = [invalidPk(owner.id)];
  const [image] = await tx
    .select({ id: catalogImages.id })
    .from(catalogImages)
    .where(and(eq(catalogImages.companyId, ctx.user.companyId), eq(catalogImages.id, imageId)))
    .for('key share');
  if (!image) errors.image = [invalidPk(imageId)];
  if (Object.keys(errors).length) throw badRequest(errors);
}

// Product images

const productImageColumns = {
  id: catalogProductImages.id,
  ownerId: catalogProductImages.productId,
  imageId: catalogProductImages.imageId,
  sortOrder: catalogProductImages.sortOrder,
  createdAt: catalogProductImages.createdAt,
};
const toProductImage = (r: Attachment, image: ProductImageResponse['image']): ProductImageResponse => ({
  id: r.id,
  product: r.ownerId,
  image,
  order: r.sortOrder,
  created_at: r.createdAt.toISOString(),
});

const productImageList: ListSpec = {
  fields: {
    product: { column: catalogProductImages.productId, type: 'int' },
    image: { column: catalogProductImages.imageId, type: 'int' },
    order: { column: catalogProductImages.sortOrder, type: 'int' },
  },
  ordering: ['id', 'order'],
  defaultOrdering: [asc(catalogProductImages.sortOrder), asc(catalogProductImages.id)],
};
const productImagesOf = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(catalogProductImages.companyId, ctx.user.companyId), ...conditions);

/** GET /catalog/product_images/?product=&image= : in order, 100 a page. */
export async function listProductImages(ctx: Ctx, publicUrl: string, query: ListProductImagesQuery, url: string): Promise<ProductImagePage> {
  const { where, orderBy } = buildListQuery(query, productImageList);
  const scoped = productImagesOf(ctx, where);
  const page = pageRequest(query as { limit?: number; offset?: number }, PAGE_SIZE.catalogImages);
  const [total] = await ctx.db.select({ n: count() }).from(catalogProductImages).where(scoped);
  const rows = await ctx.db
    .select(productImageColumns)
    .from(catalogProductImages)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, await withImages(ctx, publicUrl, rows, toProductImage));
}

/** POST /catalog/product_images/: attaches an image to a product; twice is a 400. */
export async function attachProductImage(ctx: Ctx, publicUrl: string, body: ProductImageBody): Promise<ProductImageResponse> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await checkOwnerAndImage(
        ctx,
        tx,
        {
          field: 'product',
          id: body.product,
          exists: async () =>
            (
              await tx
                .select({ id: catalogProducts.id })
                .from(catalogProducts)
                .where(and(eq(catalogProducts.companyId, ctx.user.companyId), eq(catalogProducts.id, body.product)))
                .for('key share')
            ).length > 0,
        },
        body.image,
      );
      const [inserted] = await tx
        .insert(catalogProductImages)
        .values({ companyId: ctx.user.companyId, productId: body.product, imageId: body.image, sortOrder: body.order ?? 0 })
        .returning(productImageColumns);
      return inserted!;
    });
    return (await withImages(ctx, publicUrl, [row], toProductImage))[0]!;
  } catch (err) {
    if (isUniqueViolation(err, 'catalog_product_images_product_image_key')) throw badRequest({ non_field_errors: [IMAGE_ALREADY_ON_PRODUCT] });
    throw err;
  }
}

/** DELETE /catalog/product_images/{id}/: detaches; the image stays in the library. */
export async function detachProductImage(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(catalogProductImages)
    .where(productImagesOf(ctx, eq(catalogProductImages.id, id)))
    .returning({ id: catalogProductImages.id });
  if (deleted.length === 0) throw notFound();
}

// Category images

const categoryImageColumns = {
  id: catalogCategoryImages.id,
  ownerId: catalogCategoryImages.categoryId,
  imageId: catalogCategoryImages.imageId,
  sortOrder: catalogCategoryImages.sortOrder,
  createdAt: catalogCategoryImages.createdAt,
};
const toCategoryImage = (r: Attachment, image: CategoryImageResponse['image']): CategoryImageResponse => ({
  id: r.id,
  category: r.ownerId,
  image,
  order: r.sortOrder,
  created_at: r.createdAt.toISOString(),
});

const categoryImageList: ListSpec = {
  fields: {
    category: { column: catalogCategoryImages.categoryId, type: 'int' },
    image: { column: catalogCategoryImages.imageId, type: 'int' },
    order: { column: catalogCategoryImages.sortOrder, type: 'int' },
  },
  ordering: ['id', 'order'],
  defaultOrdering: [asc(catalogCategoryImages.sortOrder), asc(catalogCategoryImages.id)],
};
const categoryImagesOf = (ctx: Ctx, ...conditions: (SQL | undefined)[]) => and(eq(catalogCategoryImages.companyId, ctx.user.companyId), ...conditions);

/** GET /catalog/category_images/?category=&image= : in order, 100 a page. */
export async function listCategoryImages(ctx: Ctx, publicUrl: string, query: ListCategoryImagesQuery, url: string): Promise<CategoryImagePage> {
  const { where, orderBy } = buildListQuery(query, categoryImageList);
  const scoped = categoryImagesOf(ctx, where);
  const page = pageRequest(query as { limit?: number; offset?: number }, PAGE_SIZE.catalogImages);
  const [total] = await ctx.db.select({ n: count() }).from(catalogCategoryImages).where(scoped);
  const rows = await ctx.db
    .select(categoryImageColumns)
    .from(catalogCategoryImages)
    .where(scoped)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return pageResponse(url, page, total?.n ?? 0, await withImages(ctx, publicUrl, rows, toCategoryImage));
}

/** POST /catalog/category_images/: attaches an image to a category; twice is a 400. */
export async function attachCategoryImage(ctx: Ctx, publicUrl: string, body: CategoryImageBody): Promise<CategoryImageResponse> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await checkOwnerAndImage(
        ctx,
        tx,
        {
          field: 'category',
          id: body.category,
          exists: async () =>
            (
              await tx
                .select({ id: catalogCategories.id })
                .from(catalogCategories)
                .where(and(eq(catalogCategories.companyId, ctx.user.companyId), eq(catalogCategories.id, body.category)))
                .for('key share')
            ).length > 0,
        },
        body.image,
      );
      const [inserted] = await tx
        .insert(catalogCategoryImages)
        .values({ companyId: ctx.user.companyId, categoryId: body.category, imageId: body.image, sortOrder: body.order ?? 0 })
        .returning(categoryImageColumns);
      return inserted!;
    });
    return (await withImages(ctx, publicUrl, [row], toCategoryImage))[0]!;
  } catch (err) {
    if (isUniqueViolation(err, 'catalog_category_images_category_image_key')) throw badRequest({ non_field_errors: [IMAGE_ALREADY_ON_CATEGORY] });
    throw err;
  }
}

/** DELETE /catalog/category_images/{id}/: detaches; the image stays in the library. */
export async function detachCategoryImage(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(catalogCategoryImages)
    .where(categoryImagesOf(ctx, eq(catalogCategoryImages.id, id)))
    .returning({ id: catalogCategoryImages.id });
  if (deleted.length === 0) throw notFound();
}
