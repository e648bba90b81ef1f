import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PAGE_SIZE,
  TAXONOMY_ALREADY_LINKED,
  TAXONOMY_LINK_NOT_YOURS,
  type FacebookTaxonomyLinkResponse,
  type GoogleTaxonomyItemResponse,
  type GoogleTaxonomyLinkResponse,
  type GoogleTaxonomyPage,
} from '@kontor/contract';
import { facebookTaxonomyItems, facebookTaxonomyLinks, googleTaxonomyItems, googleTaxonomyLinks } from '../../db/schema/index.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { importTaxonomyFile } from './import.js';

let app: TestApp;
const db = () => app.deps.database.db;
const get = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'GET', url });
const post = (tenant: Tenant | null, url: string, payload: unknown) => as(app, tenant, { method: 'POST', url, payload: payload as object });
const del = (tenant: Tenant | null, url: string) => as(app, tenant, { method: 'DELETE', url });

const GOOGLE = '/api/taxonomies/google/';
const GOOGLE_LINKS = '/api/taxonomies/google/links/';
const FACEBOOK = '/api/taxonomies/facebook/';
const FACEBOOK_LINKS = '/api/taxonomies/facebook/links/';

// 30 Google items (more than a page of 25) and 60 Facebook items (more than a page of 50).
const googleEn = [
  '1 - Animals & Pet Supplies',
  '3237 - Animals & Pet Supplies > Live Animals',
  '536 - Home & Garden',
  '689 - Home & Garden > Lawn & Garden > Gardening > Garden Tools',
  ...Array.from({ length: 26 }, (_, i) => `${9000 + i} - Toys & Games > Toy ${String(i).padStart(2, '0')}`),
].join('\n');
const googleSv = [
  '1 - Djur och husdjursartiklar',
  '3237 - Djur och husdjursartiklar > Levande djur',
  '536 - Hem och trädgård',
  '689 - Hem och trädgård > Gräsmatta och trädgård > Trädgårdsarbete > Trädgårdsverktyg',
  ...Array.from({ length: 26 }, (_, i) => `${9000 + i} - Leksaker och spel > Leksak ${String(i).padStart(2, '0')}`),
].join('\n');
const facebookEn = ['category_id,category', ...Array.from({ length: 60 }, (_, i) => `${i + 1},home > item ${String(i).padStart(2, '0')}`)].join('\n');

const itemId = async (taxonomyId: number) =>
  (await db().select({ id: googleTaxonomyItems.id }).from(googleTaxonomyItems).where(eq(googleTaxonomyItems.taxonomyId, taxonomyId)))[0]!.id;
const facebookItemId = async (taxonomyId: number) =>
  (await db().select({ id: facebookTaxonomyItems.id }).from(facebookTaxonomyItems).where(eq(facebookTaxonomyItems.taxonomyId, taxonomyId)))[0]!.id;
const googleLinkRows = () => db().select().from(googleTaxonomyLinks).orderBy(googleTaxonomyLinks.id);
const facebookLinkRows = () => db().select().from(facebookTaxonomyLinks).orderBy(facebookTaxonomyLinks.id);
const taxonomyIds = (body: { results: { taxonomy_id: number }[] }) => body.results.map((r) => r.taxonomy_id);

beforeAll(async () => {
  app = await createTestApp();
  await importTaxonomyFile(db(), 'google', 'en-US', googleEn);
  await importTaxonomyFile(db(), 'google', 'sv-SE', googleSv);
  await importTaxonomyFile(db(), 'facebook', 'en-US', facebookEn);
});
afterAll(async () => app?.close());

async function linkGoogle(tenant: Tenant, taxonomyId: number): Promise<GoogleTaxonomyLinkResponse> {
  const res = await post(tenant, GOOGLE_LINKS, { account: tenant.user.id, taxonomy: await itemId(taxonomyId) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function linkFacebook(tenant: Tenant, taxonomyId: number): Promise<FacebookTaxonomyLinkResponse> {
  const res = await post(tenant, FACEBOOK_LINKS, { account: tenant.user.id, company: tenant.companyId, taxonomy: await facebookItemId(taxonomyId) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('GET /api/taxonomies/google/', () => {
  it('pages 25 items in English order with both slugs and the caller’s link', async () => {
    const me = await createTenant(app);
    const res = await get(me, GOOGLE);
    expect(res.statusCode).toBe(200);
    const body: GoogleTaxonomyPage = res.json();
    expect(body.count).toBe(30);
    expect(body.results).toHaveLength(PAGE_SIZE.taxonomies);
    expect(body.next).toBe(`http://kontor.test${GOOGLE}?limit=25&offset=25`);
    expect(body.results[0]).toEqual({
      id: await itemId(1),
      taxonomy_id: 1,
      slug_en: 'Animals & Pet Supplies',
      slug_sv: 'Djur och husdjursartiklar',
      level: 0,
      linked: false,
      link_id: null,
    } satisfies GoogleTaxonomyItemResponse);
    expect(taxonomyIds(body).slice(0, 4)).toEqual([1, 3237, 536, 689]);
  });

  it('searches both slugs, every word must match', async () => {
    const me = await createTenant(app);
    expect(taxonomyIds((await get(me, `${GOOGLE}?search=garden tools`)).json())).toEqual([689]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?search=trädgård`)).json())).toEqual([536, 689]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?search=levande animals`)).json())).toEqual([3237]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?search=garden nothing`)).json())).toEqual([]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?search=100%`)).json())).toEqual([]);
  });

  it('filters by id, taxonomy_id, level and ordering', async () => {
    const me = await createTenant(app);
    // The category editor looks an item up by its id (not the channel's taxonomy_id).
    const spade = (await get(me, `${GOOGLE}?taxonomy_id=689`)).json().results[0];
    expect(taxonomyIds((await get(me, `${GOOGLE}?id=${spade.id}`)).json())).toEqual([689]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?taxonomy_id__in=536,1`)).json())).toEqual([1, 536]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?level__lte=0`)).json())).toEqual([1, 536]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?level=3`)).json())).toEqual([689]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?ordering=-taxonomy_id&limit=2`)).json())).toEqual([9025, 9024]);
    expect(taxonomyIds((await get(me, `${GOOGLE}?ordering=slug_sv&level=0`)).json())).toEqual([1, 536]);
  });

  it('filters linked True/False by this user’s links only', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const link = await linkGoogle(me, 536);
    await linkGoogle(colleague, 1);
    const linked = (await get(me, `${GOOGLE}?linked=True`)).json();
    expect(linked.results).toEqual([expect.objectContaining({ taxonomy_id: 536, linked: true, link_id: link.id })]);
    const notLinked = (await get(me, `${GOOGLE}?linked=False&level=0`)).json();
    expect(notLinked.results).toEqual([expect.objectContaining({ taxonomy_id: 1, linked: false, link_id: null })]);
    expect((await get(colleague, `${GOOGLE}?linked=true`)).json().count).toBe(1);
  });

  it('answers 400 for unknown filters and bad values, 401 without a token', async () => {
    const me = await createTenant(app);
    expect((await get(me, `${GOOGLE}?linked=maybe`)).statusCode).toBe(400);
    expect((await get(me, `${GOOGLE}?level=x`)).json()).toEqual({ level: ['Enter a whole number.'] });
    expect((await get(me, `${GOOGLE}?ordering=created_at`)).json()).toEqual({ ordering: ['Unknown ordering field: created_at.'] });
    expect((await get(me, `${GOOGLE}?colour=red`)).statusCode).toBe(400);
    expect((await get(null, GOOGLE)).statusCode).toBe(401);
  });
});

describe('Google links', () => {
  it('links an item to the caller, lists it, and unlinks it by id', async () => {
    const me = await createTenant(app);
    const link = await linkGoogle(me, 689);
    expect(link).toEqual({
      id: expect.any(Number),
      account: me.user.id,
      taxonomy: await itemId(689),
      taxonomy_item: {
        id: await itemId(689),
        taxonomy_id: 689,
        slug_en: 'Home & Garden > Lawn & Garden > Gardening > Garden Tools',
        slug_sv: 'Hem och trädgård > Gräsmatta och trädgård > Trädgårdsarbete > Trädgårdsverktyg',
        level: 3,
      },
      created_at: expect.any(String),
    });
    const list = (await get(me, GOOGLE_LINKS)).json();
    expect(list).toEqual({ count: 1, next: null, previous: null, results: [link] });
    expect((await get(me, `${GOOGLE_LINKS}?taxonomy=${await itemId(689)}`)).json().count).toBe(1);
    expect((await get(me, `${GOOGLE_LINKS}?taxonomy=${await itemId(1)}`)).json().count).toBe(0);

    expect((await del(me, `${GOOGLE_LINKS}${link.id}/`)).statusCode).toBe(204);
    expect((await get(me, GOOGLE_LINKS)).json().count).toBe(0);
    expect((await del(me, `${GOOGLE_LINKS}${link.id}/`)).statusCode).toBe(404);
  });

  it('refuses a link for someone else, an unknown item, a second link and bad bodies, changing nothing', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const item = await itemId(1);
    await linkGoogle(me, 1);
    const before = await googleLinkRows();

    const forColleague = await post(me, GOOGLE_LINKS, { account: colleague.user.id, taxonomy: item });
    expect(forColleague.statusCode).toBe(400);
    expect(forColleague.json()).toEqual({ account: [TAXONOMY_LINK_NOT_YOURS] });
    expect((await post(me, GOOGLE_LINKS, { account: me.user.id, taxonomy: 999_999 })).json()).toEqual({
      taxonomy: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await post(me, GOOGLE_LINKS, { account: me.user.id, taxonomy: item })).json()).toEqual({ taxonomy: [TAXONOMY_ALREADY_LINKED] });
    expect((await post(me, GOOGLE_LINKS, {})).json()).toEqual({ account: ['This field is required.'], taxonomy: ['This field is required.'] });
    expect((await post(me, GOOGLE_LINKS, { account: me.user.id, taxonomy: 'x' })).json()).toEqual({
      taxonomy: ['Incorrect type. Expected pk value, received string.'],
    });
    expect((await post(me, GOOGLE_LINKS, { account: me.user.id, taxonomy: item, company: me.companyId })).json()).toEqual({ company: ['Unknown field.'] });
    expect(await googleLinkRows()).toEqual(before);
  });

  it('keeps links private to their user: others never see them and cannot delete them (404)', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const stranger = await createTenant(app);
    const mine = await linkGoogle(me, 3237);
    // The same item may be linked by each user.
    await linkGoogle(colleague, 3237);

    expect((await get(colleague, GOOGLE_LINKS)).json().results.map((l: GoogleTaxonomyLinkResponse) => l.account)).toEqual([colleague.user.id]);
    expect((await get(stranger, GOOGLE_LINKS)).json().count).toBe(0);
    expect((await del(colleague, `${GOOGLE_LINKS}${mine.id}/`)).statusCode).toBe(404);
    expect((await del(stranger, `${GOOGLE_LINKS}${mine.id}/`)).json()).toEqual({ detail: 'Not found.' });
    expect((await get(me, GOOGLE_LINKS)).json().results).toEqual([mine]);
  });

  it('answers 401 without a token, 404 for a path id that is none and 400 for a bad filter', async () => {
    const me = await createTenant(app);
    expect((await get(null, GOOGLE_LINKS)).statusCode).toBe(401);
    expect((await post(null, GOOGLE_LINKS, { account: me.user.id, taxonomy: await itemId(1) })).statusCode).toBe(401);
    expect((await del(null, `${GOOGLE_LINKS}1/`)).statusCode).toBe(401);
    expect((await del(me, `${GOOGLE_LINKS}abc/`)).statusCode).toBe(404);
    expect((await get(me, `${GOOGLE_LINKS}?taxonomy=x`)).statusCode).toBe(400);
  });
});

describe('GET /api/taxonomies/facebook/', () => {
  it('pages 50 items; linked means linked to this company', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const stranger = await createTenant(app);
    const all = (await get(me, FACEBOOK)).json();
    expect(all.count).toBe(60);
    expect(all.results).toHaveLength(PAGE_SIZE.facebookList);

    const link = await linkFacebook(me, 7);
    // The colleague sees the company's link as linked; another company does not.
    expect((await get(colleague, `${FACEBOOK}?linked=True`)).json().results).toEqual([
      { id: await facebookItemId(7), taxonomy_id: 7, slug_en: 'home > item 06', slug_sv: '', level: 1, linked: true, link_id: link.id },
    ]);
    expect((await get(stranger, `${FACEBOOK}?linked=True`)).json().count).toBe(0);
    expect((await get(stranger, `${FACEBOOK}?linked=False`)).json().count).toBe(60);
    expect((await get(me, `${FACEBOOK}?linked=False`)).json().count).toBe(59);
    expect(taxonomyIds((await get(me, `${FACEBOOK}?search=item 42`)).json())).toEqual([43]);
  });

  it('answers 400 for bad filters and 401 without a token', async () => {
    const me = await createTenant(app);
    expect((await get(me, `${FACEBOOK}?linked=yes`)).statusCode).toBe(400);
    expect((await get(me, `${FACEBOOK}?taxonomy_id__in=1,x`)).json()).toEqual({ taxonomy_id__in: ['Enter a whole number.'] });
    expect((await get(null, FACEBOOK)).statusCode).toBe(401);
  });
});

describe('Facebook links', () => {
  it('links an item to the company, shared by its users, and any of them unlinks it', async () => {
    const me = await createTenant(app);
    const colleague = await createStaffUser(app, me);
    const link = await linkFacebook(me, 12);
    expect(link).toEqual({
      id: expect.any(Number),
      account: me.user.id,
      company: me.companyId,
      taxonomy: await facebookItemId(12),
      taxonomy_item: { id: await facebookItemId(12), taxonomy_id: 12, slug_en: 'home > item 11', slug_sv: '', level: 1 },
      created_at: expect.any(String),
    });
    expect((await get(colleague, FACEBOOK_LINKS)).json()).toEqual({ count: 1, next: null, previous: null, results: [link] });
    // The company has it already: the colleague's second link is refused.
    const again = await post(colleague, FACEBOOK_LINKS, { account: colleague.user.id, company: me.companyId, taxonomy: link.taxonomy });
    expect(again.json()).toEqual({ taxonomy: [TAXONOMY_ALREADY_LINKED] });
    expect((await del(colleague, `${FACEBOOK_LINKS}${link.id}/`)).statusCode).toBe(204);
    expect((await get(me, FACEBOOK_LINKS)).json().count).toBe(0);
    // Not Admin-only (ADR 0017): the Staff colleague links for the company too.
    const staffLink = await linkFacebook(colleague, 13);
    expect((await get(me, FACEBOOK_LINKS)).json().results).toEqual([staffLink]);
  });

  it('refuses another account or company, an unknown item and bad bodies, changing nothing', async () => {
    const me = await createTenant(app);
    const stranger = await createTenant(app);
    const item = await facebookItemId(20);
    const before = await facebookLinkRows();
    expect((await post(me, FACEBOOK_LINKS, { account: me.user.id, company: stranger.companyId, taxonomy: item })).json()).toEqual({
      company: [TAXONOMY_LINK_NOT_YOURS],
    });
    expect((await post(me, FACEBOOK_LINKS, { account: stranger.user.id, company: stranger.companyId, taxonomy: item })).json()).toEqual({
      account: [TAXONOMY_LINK_NOT_YOURS],
      company: [TAXONOMY_LINK_NOT_YOURS],
    });
    expect((await post(me, FACEBOOK_LINKS, { account: me.user.id, company: me.companyId, taxonomy: 999_999 })).json()).toEqual({
      taxonomy: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await post(me, FACEBOOK_LINKS, { account: me.user.id, taxonomy: item })).json()).toEqual({ company: ['This field is required.'] });
    expect((await post(me, FACEBOOK_LINKS, { account: me.user.id, company: me.companyId, taxonomy: -1 })).json()).toEqual({
      taxonomy: ['Invalid pk - object does not exist.'],
    });
    expect(await facebookLinkRows()).toEqual(before);
  });

  it("never shows or deletes another company's link (404)", async () => {
    const me = await createTenant(app);
    const stranger = await createTenant(app);
    const mine = await linkFacebook(me, 30);
    await linkFacebook(stranger, 30);
    expect((await get(stranger, FACEBOOK_LINKS)).json().results.map((l: FacebookTaxonomyLinkResponse) => l.company)).toEqual([stranger.companyId]);
    expect((await del(stranger, `${FACEBOOK_LINKS}${mine.id}/`)).statusCode).toBe(404);
    expect((await get(me, FACEBOOK_LINKS)).json().results).toEqual([mine]);
    expect((await get(null, FACEBOOK_LINKS)).statusCode).toBe(401);
    expect((await post(null, FACEBOOK_LINKS, {})).statusCode).toBe(401);
    expect((await del(null, `${FACEBOOK_LINKS}${mine.id}/`)).statusCode).toBe(401);
  });
});
