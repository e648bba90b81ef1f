import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { publishRunning, type PublishResponse } from '@kontor/contract';
import { backgroundJobs } from '../../../db/schema/index.js';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../../../test/helpers.js';
import { insertProduct } from '../catalog.factories.js';

/**
 * Which publish answers a request while another is on its way (ADR 0013). With JOBS=worker the
 * API only queues jobs and no worker runs here, so a queued publish stays queued and the answer
 * to the next request is decided by the job keys alone. PostgreSQL only (JOBS=worker needs it).
 */
let app: TestApp;
let tenant: Tenant;
let products: number[];
const PUBLISH = '/api/catalog/products/publish/';
const publish = (body: object) => as(app, tenant, { method: 'POST', url: PUBLISH, payload: body });
const jobsOfTenant = () => app.deps.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.companyId, tenant.companyId));

beforeAll(async () => {
  app = await createTestApp({ JOBS: 'worker', DATABASE_URL: process.env.TEST_DATABASE_URL! });
  tenant = await createTenant(app);
  products = [];
  for (const sku of ['SPADE-1', 'RAKE-1', 'HOE-1']) products.push((await insertProduct(app.deps.database.db, tenant.companyId, { sku })).id);
});
afterAll(async () => app?.close());

describe('publishing while a publish is queued', () => {
  it('the channel feed: the same request answers the queued job and its URL; another language is a 409 and queues nothing', async () => {
    const first = await publish({ action: 'google_merchant' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await publish({ action: 'google_merchant', language: 'SV' });
    expect(again.statusCode).toBe(200);
    expect(again.json<PublishResponse>()).toMatchObject({ job: { id: first.json<PublishResponse>().job.id }, urls: first.json<PublishResponse>().urls });

    const english = await publish({ action: 'google_merchant', language: 'EN' });
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({ detail: publishRunning('google_merchant', 'SV') });
    expect(await jobsOfTenant()).toHaveLength(1);
    // Another channel is another feed.
    expect((await publish({ action: 'meta_catalog', language: 'EN' })).statusCode).toBe(200);
  });

  it('a selection: its own URL and job, answered again for the same products and language, never the channel feed’s', async () => {
    const feed = (await publish({ action: 'google_merchant' })).json<PublishResponse>();
    const selection = await publish({ action: 'google_merchant', ids: [products[1], products[0]] });
    expect(selection.statusCode, selection.body).toBe(200);
    const chosen = selection.json<PublishResponse>();
    expect(chosen.job.id).not.toBe(feed.job.id);
    expect(chosen.urls[0]).not.toBe(feed.urls[0]);
    expect(chosen.urls[0]!.endsWith('/google-merchant.xml')).toBe(true);

    // The same products in another order: the same publish.
    const same = (await publish({ action: 'google_merchant', ids: [products[0], products[1], products[0]] })).json<PublishResponse>();
    expect(same).toMatchObject({ job: { id: chosen.job.id }, urls: chosen.urls });
    // Other products, or another language: a publish of its own.
    const other = (await publish({ action: 'google_merchant', ids: [products[2]] })).json<PublishResponse>();
    const english = (await publish({ action: 'google_merchant', ids: [products[0], products[1]], language: 'EN' })).json<PublishResponse>();
    expect(new Set([chosen.job.id, other.job.id, english.job.id]).size).toBe(3);
    expect(new Set([chosen.urls[0], other.urls[0], english.urls[0], feed.urls[0]]).size).toBe(4);
  });
});
