import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMAGE_ALREADY_ON_CATEGORY, IMAGE_ALREADY_ON_PRODUCT, type CategoryImageResponse, type ProductImageResponse } from '@kontor/contract';
import { catalogCategories, catalogCategoryImages, catalogImages, catalogProductImages } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProduct } from './catalog.factories.js';
import { uploadImages } from './images.fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const db = () => app.deps.database.db;
const PRODUCT_IMAGES = '/api/catalog/product_images/';
const CATEGORY_IMAGES = '/api/catalog/category_images/';
const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

let categorySequence = 0;
async function insertCategory(tenant: Tenant, title = 'Garden') {
  categorySequence += 1;
  const [row] = await db()
    .insert(catalogCategories)
    .values({ companyId: tenant.companyId, title, slug: `${title.toLowerCase()}-${categorySequence}` })
    .returning();
  return row!;
}

const productImageRows = (tenant: Tenant) => db().select().from(catalogProductImages).where(eq(catalogProductImages.companyId, tenant.companyId));
const categoryImageRows = (tenant: Tenant) => db().select().from(catalogCategoryImages).where(eq(catalogCategoryImages.companyId, tenant.companyId));

describe('/api/catalog/product_images/', () => {
  it('attaches images to a product in order, lists them by product and by image, and detaches', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [front, side] = await uploadImages(app, me, ['front.png', 'side.png']);
    const lamp = await insertProduct(db(), me.companyId, { sku: 'LAMP' });
    const chair = await insertProduct(db(), me.companyId, { sku: 'CHAIR' });
    const theirProduct = await insertProduct(db(), other.companyId);
    const [theirImage] = await uploadImages(app, other, ['theirs.png']);
    await as(app, other, { method: 'POST', url: PRODUCT_IMAGES, payload: { product: theirProduct.id, image: theirImage!.id } });

    const attach = (payload: object) => as(app, me, { method: 'POST', url: PRODUCT_IMAGES, payload });
    const second = await attach({ product: lamp.id, image: side!.id, order: 2 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ product: lamp.id, order: 2, image: { id: side!.id, title: 'side', product_ids: [lamp.id] } });
    const first = (await attach({ product: lamp.id, image: front!.id, order: 1 })).json<ProductImageResponse>();
    const onChair = (await attach({ product: chair.id, image: front!.id })).json<ProductImageResponse>();
    expect(onChair.order).toBe(0);
    expect(onChair.image.product_ids).toEqual([lamp.id, chair.id].sort((a, b) => a - b));

    const byProduct = await as(app, me, { method: 'GET', url: `${PRODUCT_IMAGES}?product=${lamp.id}` });
    expect(byProduct.statusCode).toBe(200);
    expect(byProduct.json<{ results: ProductImageResponse[] }>().results.map((r) => [r.id, r.image.id, r.order])).toEqual([
      [first.id, front!.id, 1],
      [second.json().id, side!.id, 2],
    ]);
    const byImage = (await as(app, me, { method: 'GET', url: `${PRODUCT_IMAGES}?image=${front!.id}` })).json<{
      count: number;
      results: ProductImageResponse[];
    }>();
    expect(byImage.results.map((r) => r.product).sort()).toEqual([lamp.id, chair.id].sort());
    expect((await as(app, me, { method: 'GET', url: PRODUCT_IMAGES })).json().count).toBe(3);

    const detached = await as(app, me, { method: 'DELETE', url: `${PRODUCT_IMAGES}${first.id}/` });
    expect(detached.statusCode).toBe(204);
    expect((await productImageRows(me)).map((r) => r.id).sort()).toEqual([second.json().id, onChair.id].sort());
    // The image stays in the library.
    expect((await as(app, me, { method: 'GET', url: `/api/catalog/images/${front!.id}/` })).json().product_ids).toEqual([chair.id]);
  });

  it('answers 400 for attaching twice, another company’s product or image and bad input, changing nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [mine] = await uploadImages(app, me, ['mine.png']);
    const [theirs] = await uploadImages(app, other, ['theirs.png']);
    const product = await insertProduct(db(), me.companyId);
    const theirProduct = await insertProduct(db(), other.companyId);
    const attach = (payload: object) => as(app, me, { method: 'POST', url: PRODUCT_IMAGES, payload });
    expect((await attach({ product: product.id, image: mine!.id })).statusCode).toBe(201);

    const twice = await attach({ product: product.id, image: mine!.id });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ non_field_errors: [IMAGE_ALREADY_ON_PRODUCT] });
    expect((await attach({ product: theirProduct.id, image: theirs!.id })).json()).toEqual({
      product: [invalidPk(theirProduct.id)],
      image: [invalidPk(theirs!.id)],
    });
    expect((await attach({ product: product.id })).json()).toEqual({ image: ['This field is required.'] });
    expect((await attach({ product: product.id, image: mine!.id, order: -1 })).statusCode).toBe(400);
    expect((await as(app, me, { method: 'GET', url: `${PRODUCT_IMAGES}?product=x` })).statusCode).toBe(400);
    expect(await productImageRows(me)).toHaveLength(1);
    expect(await productImageRows(other)).toHaveLength(0);
  });

  it('an image deleted while it is being attached: the attach answers 400, not 500', async () => {
    const me = await createTenant(app);
    const lamp = await insertProduct(db(), me.companyId, { sku: 'LAMP-RACE' });
    const [image] = await uploadImages(app, me, ['race.png']);
    let attach!: ReturnType<typeof as>;
    await db().transaction(async (tx) => {
      await tx.delete(catalogImages).where(eq(catalogImages.id, image!.id));
      attach = as(app, me, { method: 'POST', url: PRODUCT_IMAGES, payload: { product: lamp.id, image: image!.id } });
      // Time for the attach to reach its check, which waits for this delete to end (on PostgreSQL; PGlite runs one at a time).
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await attach;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ image: [invalidPk(image!.id)] });
    expect(await productImageRows(me)).toEqual([]);
  });

  it('answers 401 without a token and 404 for another company’s attachment; lists never leak', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [theirs] = await uploadImages(app, other, ['theirs.png']);
    const theirProduct = await insertProduct(db(), other.companyId);
    const attached = (await as(app, other, { method: 'POST', url: PRODUCT_IMAGES, payload: { product: theirProduct.id, image: theirs!.id } })).json();
    expect((await as(app, null, { method: 'GET', url: PRODUCT_IMAGES })).statusCode).toBe(401);
    expect((await as(app, null, { method: 'POST', url: PRODUCT_IMAGES, payload: { product: 1, image: 1 } })).statusCode).toBe(401);
    expect((await as(app, null, { method: 'DELETE', url: `${PRODUCT_IMAGES}${attached.id}/` })).statusCode).toBe(401);
    expect((await as(app, me, { method: 'DELETE', url: `${PRODUCT_IMAGES}${attached.id}/` })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'GET', url: `${PRODUCT_IMAGES}?product=${theirProduct.id}` })).json().count).toBe(0);
    expect(await productImageRows(other)).toHaveLength(1);
  });
});

describe('/api/catalog/category_images/', () => {
  it('attaches images to a category in order, lists them and detaches', async () => {
    const me = await createTenant(app);
    const [banner, icon] = await uploadImages(app, me, ['banner.png', 'icon.png']);
    const garden = await insertCategory(me, 'Garden');
    const attach = (payload: object) => as(app, me, { method: 'POST', url: CATEGORY_IMAGES, payload });
    const first = await attach({ category: garden.id, image: icon!.id, order: 5 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ category: garden.id, order: 5, image: { id: icon!.id, title: 'icon' } });
    const second = (await attach({ category: garden.id, image: banner!.id })).json<CategoryImageResponse>();

    const list = await as(app, me, { method: 'GET', url: `${CATEGORY_IMAGES}?category=${garden.id}` });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ results: CategoryImageResponse[] }>().results.map((r) => r.image.id)).toEqual([banner!.id, icon!.id]);
    expect((await as(app, me, { method: 'GET', url: `${CATEGORY_IMAGES}?image=${icon!.id}` })).json().count).toBe(1);

    expect((await as(app, me, { method: 'DELETE', url: `${CATEGORY_IMAGES}${second.id}/` })).statusCode).toBe(204);
    expect((await categoryImageRows(me)).map((r) => r.imageId)).toEqual([icon!.id]);
  });

  it('answers 400 for attaching twice, another company’s category or image and bad input, changing nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [mine] = await uploadImages(app, me, ['mine.png']);
    const [theirs] = await uploadImages(app, other, ['theirs.png']);
    const category = await insertCategory(me);
    const theirCategory = await insertCategory(other);
    const attach = (payload: object) => as(app, me, { method: 'POST', url: CATEGORY_IMAGES, payload });
    expect((await attach({ category: category.id, image: mine!.id })).statusCode).toBe(201);
    expect((await attach({ category: category.id, image: mine!.id })).json()).toEqual({ non_field_errors: [IMAGE_ALREADY_ON_CATEGORY] });
    expect((await attach({ category: theirCategory.id, image: mine!.id })).json()).toEqual({ category: [invalidPk(theirCategory.id)] });
    expect((await attach({ category: category.id, image: theirs!.id })).json()).toEqual({ image: [invalidPk(theirs!.id)] });
    expect((await attach({ category: 'Garden', image: mine!.id })).statusCode).toBe(400);
    expect(await categoryImageRows(me)).toHaveLength(1);
  });

  it('answers 401 without a token and 404 for another company’s attachment; lists never leak', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const [theirs] = await uploadImages(app, other, ['theirs.png']);
    const theirCategory = await insertCategory(other);
    const attached = (await as(app, other, { method: 'POST', url: CATEGORY_IMAGES, payload: { category: theirCategory.id, image: theirs!.id } })).json();
    expect((await as(app, null, { method: 'GET', url: CATEGORY_IMAGES })).statusCode).toBe(401);
    expect((await as(app, null, { method: 'POST', url: CATEGORY_IMAGES, payload: { category: 1, image: 1 } })).statusCode).toBe(401);
    expect((await as(app, null, { method: 'DELETE', url: `${CATEGORY_IMAGES}${attached.id}/` })).statusCode).toBe(401);
    expect((await as(app, me, { method: 'DELETE', url: `${CATEGORY_IMAGES}${attached.id}/` })).statusCode).toBe(404);
    expect((await as(app, me, { method: 'GET', url: CATEGORY_IMAGES })).json().count).toBe(0);
    expect(await categoryImageRows(other)).toHaveLength(1);
  });
});
