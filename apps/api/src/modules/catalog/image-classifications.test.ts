import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMAGE_CLASSIFICATION_TITLE_TAKEN, type ImageClassificationResponse } from '@kontor/contract';
import { catalogImageClassifications, catalogImages } from '../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { uploadImages } from './images.fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const URL = '/api/catalog/image_classifications/';
const db = () => app.deps.database.db;
const titlesOf = async (tenant: Tenant) =>
  (await db().select().from(catalogImageClassifications).where(eq(catalogImageClassifications.companyId, tenant.companyId))).map((r) => r.title).sort();

async function create(tenant: Tenant, title: string): Promise<ImageClassificationResponse> {
  const res = await as(app, tenant, { method: 'POST', url: URL, payload: { title } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('/api/catalog/image_classifications/', () => {
  it('creates, lists by title with image counts, searches, renames (PUT and PATCH) and deletes', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const packshot = await create(me, '  Packshot ');
    expect(packshot).toMatchObject({ title: 'Packshot', image_count: 0 });
    const lifestyle = await create(me, 'Lifestyle');
    await create(other, 'Packshot');
    await uploadImages(app, me, ['a.png', 'b.png'], [{ name: 'classification', value: String(lifestyle.id) }]);

    const list = await as(app, me, { method: 'GET', url: URL });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      count: 2,
      next: null,
      results: [
        { id: lifestyle.id, title: 'Lifestyle', image_count: 2 },
        { id: packshot.id, title: 'Packshot', image_count: 0 },
      ],
    });
    expect((await as(app, me, { method: 'GET', url: `${URL}?search=pack` })).json().results.map((r: ImageClassificationResponse) => r.id)).toEqual([
      packshot.id,
    ]);
    expect((await as(app, me, { method: 'GET', url: `${URL}${lifestyle.id}/` })).json()).toMatchObject({ title: 'Lifestyle', image_count: 2 });

    const put = await as(app, me, { method: 'PUT', url: `${URL}${packshot.id}/`, payload: { title: 'Studio' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: packshot.id, title: 'Studio' });
    const patch = await as(app, me, { method: 'PATCH', url: `${URL}${lifestyle.id}/`, payload: { title: 'In use' } });
    expect(patch.json()).toMatchObject({ id: lifestyle.id, title: 'In use', image_count: 2 });
    // Renaming to its own title is not a clash.
    expect((await as(app, me, { method: 'PUT', url: `${URL}${lifestyle.id}/`, payload: { title: 'In use' } })).statusCode).toBe(200);
  });

  it('deleting a classification keeps its images, unclassified', async () => {
    const me = await createTenant(app);
    const detail = await create(me, 'Detail');
    const [image] = await uploadImages(app, me, ['close-up.png'], [{ name: 'classification', value: String(detail.id) }]);
    const res = await as(app, me, { method: 'DELETE', url: `${URL}${detail.id}/` });
    expect(res.statusCode).toBe(204);
    expect(await titlesOf(me)).toEqual([]);
    const [row] = await db().select().from(catalogImages).where(eq(catalogImages.id, image!.id));
    expect(row!.classificationId).toBeNull();
    expect((await as(app, me, { method: 'GET', url: `/api/catalog/images/${image!.id}/` })).json().classification).toBeNull();
  });

  it('answers 400 for a taken, blank or unknown field, changing nothing', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    await create(other, 'Detail');
    const packshot = await create(me, 'Packshot');
    const detail = await create(me, 'Detail');

    const taken = await as(app, me, { method: 'POST', url: URL, payload: { title: 'Packshot' } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ title: [IMAGE_CLASSIFICATION_TITLE_TAKEN] });
    const renameTaken = await as(app, me, { method: 'PUT', url: `${URL}${detail.id}/`, payload: { title: 'Packshot' } });
    expect(renameTaken.json()).toEqual({ title: [IMAGE_CLASSIFICATION_TITLE_TAKEN] });
    expect((await as(app, me, { method: 'POST', url: URL, payload: { title: ' ' } })).json()).toEqual({ title: ['This field may not be blank.'] });
    expect((await as(app, me, { method: 'POST', url: URL, payload: {} })).json()).toEqual({ title: ['This field is required.'] });
    expect((await as(app, me, { method: 'PATCH', url: `${URL}${packshot.id}/`, payload: { title: 'X', colour: 'red' } })).json()).toEqual({
      colour: ['Unknown field.'],
    });
    expect((await as(app, me, { method: 'GET', url: `${URL}?colour=red` })).statusCode).toBe(400);
    expect(await titlesOf(me)).toEqual(['Detail', 'Packshot']);
  });

  it('answers 401 without a token and 404 for another company’s classification; lists never leak', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await create(other, 'Theirs');
    for (const request of [
      { method: 'GET', url: URL },
      { method: 'POST', url: URL, payload: { title: 'X' } },
      { method: 'GET', url: `${URL}${theirs.id}/` },
      { method: 'PUT', url: `${URL}${theirs.id}/`, payload: { title: 'X' } },
      { method: 'DELETE', url: `${URL}${theirs.id}/` },
    ] as const) {
      expect((await as(app, null, request)).statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    for (const request of [
      { method: 'GET', url: `${URL}${theirs.id}/` },
      { method: 'PUT', url: `${URL}${theirs.id}/`, payload: { title: 'Mine now' } },
      { method: 'PATCH', url: `${URL}${theirs.id}/`, payload: { title: 'Mine now' } },
      { method: 'DELETE', url: `${URL}${theirs.id}/` },
    ] as const) {
      const res = await as(app, me, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await as(app, me, { method: 'GET', url: URL })).json().count).toBe(0);
    expect(await titlesOf(other)).toEqual(['Theirs']);
    expect(await titlesOf(me)).toEqual([]);
  });
});
