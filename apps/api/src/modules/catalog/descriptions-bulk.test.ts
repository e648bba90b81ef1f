import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  LLM_NOT_CONFIGURED,
  emptySourceDescription,
  noSourceDescription,
  type BulkDescriptionPage,
  type BulkDescriptionRow,
  type MachineCopyResponse,
  type ProductDescriptionResponse,
} from '@kontor/contract';
import { catalogProducts, productDescriptions } from '../../db/schema/index.js';
import { EXACT_COUNT_LIMIT } from '../../http/row-count.js';
import { startChatServer, type ChatServer } from '../../../test/chat-server.js';
import { as, createStaffUser, createTenant, createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { insertProcurementCategory, insertProcurementProduct, insertSupplier } from '../procurement/procurement.factories.js';
import { insertProduct } from './catalog.factories.js';

let app: TestApp;
/** The same API without LLM_BASE_URL/LLM_API_KEY. */
let unconfigured: TestApp;
let chat: ChatServer;

beforeAll(async () => {
  chat = await startChatServer();
  [app, unconfigured] = await Promise.all([
    createTestApp({ LLM_BASE_URL: chat.baseUrl, LLM_API_KEY: chat.apiKey, LLM_MODEL: chat.model, LLM_TIMEOUT_SECONDS: '0.5' }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), unconfigured?.close(), chat?.close()]);
});
afterEach(() => {
  chat.setMode('ok');
  chat.acceptKey(chat.apiKey);
});

const BULK = '/api/catalog/product_descriptions_bulk/';
const db = () => app.deps.database.db;
const get = (tenant: Tenant | null, query = '') => as(app, tenant, { method: 'GET', url: `${BULK}${query ? `?${query}` : ''}` });
const patch = (tenant: Tenant | null, id: number, payload: unknown) => as(app, tenant, { method: 'PATCH', url: `${BULK}${id}/`, payload: payload as object });
const translate = (tenant: Tenant | null, payload: unknown, on = app) =>
  as(on, tenant, { method: 'POST', url: `${BULK}translate/`, payload: payload as object });
const generate = (tenant: Tenant | null, payload: unknown, on = app) => as(on, tenant, { method: 'POST', url: `${BULK}generate/`, payload: payload as object });
const descriptionsOf = (companyId: number) =>
  db().select().from(productDescriptions).where(eq(productDescriptions.companyId, companyId)).orderBy(productDescriptions.id);

async function describeProduct(tenant: Tenant, product: number, fields: Record<string, unknown>): Promise<ProductDescriptionResponse> {
  const res = await as(app, tenant, { method: 'POST', url: '/api/catalog/product_descriptions/', payload: { product, ...fields } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const SV_LAMP = {
  name: 'Bordslampa',
  content: '<p>Lampa i mässing</p>',
  excerpt: 'Varmt ljus',
  meta_title: 'Bordslampa | Butik',
  meta_keywords: 'lampa, mässing',
  meta_description: 'En bordslampa i mässing',
};

describe('GET /api/catalog/product_descriptions_bulk/', () => {
  it('lists the company’s products, newest first, each with its description in the asked language (default SV)', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const lamp = await insertProduct(db(), me.companyId, { name: 'Desk lamp' });
    const chair = await insertProduct(db(), me.companyId, { name: 'Chair' });
    const theirs = await insertProduct(db(), other.companyId, { name: 'Desk lamp' });
    const lampSv = await describeProduct(me, lamp.id, { language: 'SV', ...SV_LAMP });
    const lampEn = await describeProduct(me, lamp.id, { language: 'EN', name: 'Desk lamp', machine_translation: true });
    await describeProduct(other, theirs.id, { language: 'SV', name: 'Theirs' });

    const res = await get(me);
    expect(res.statusCode).toBe(200);
    const body: BulkDescriptionPage = res.json();
    expect(body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        { id: chair.id, sku: chair.sku, name: 'Chair', languages: [], description: null },
        { id: lamp.id, sku: lamp.sku, name: 'Desk lamp', languages: ['EN', 'SV'], description: lampSv },
      ],
    });
    const en: BulkDescriptionPage = (await get(me, 'language=EN')).json();
    expect(en.results.map((r) => r.description)).toEqual([null, lampEn]);
    const da: BulkDescriptionPage = (await get(me, 'language=DA')).json();
    expect(da.results.map((r) => [r.id, r.description])).toEqual([
      [chair.id, null],
      [lamp.id, null],
    ]);
    // The other company sees only its own product.
    expect((await get(other)).json().results.map((r: BulkDescriptionRow) => r.id)).toEqual([theirs.id]);
  });

  it('takes the catalog list’s filters, search, ordering and archived rule, and pages by 25 up to a limit of 100+', async () => {
    const me = await createTenant(app);
    const a = await insertProduct(db(), me.companyId, { name: 'Brass lamp', sku: 'LAMP-1' });
    const b = await insertProduct(db(), me.companyId, { name: 'Oak chair', sku: 'CHAIR-1', editedAt: new Date() });
    const archived = await insertProduct(db(), me.companyId, { name: 'Old lamp', archivedAt: new Date() });
    const ids = async (query: string) => ((await get(me, query)).json() as BulkDescriptionPage).results.map((r) => r.id);
    expect(await ids('search=lamp')).toEqual([a.id]);
    expect(await ids('search=chair-1&language=EN')).toEqual([b.id]);
    expect(await ids('edited=Yes')).toEqual([b.id]);
    expect(await ids('edited=No')).toEqual([a.id]);
    expect(await ids(`id__in=${a.id},${archived.id}`)).toEqual([archived.id, a.id]);
    expect(await ids('archived=Yes')).toEqual([archived.id]);
    expect(await ids('ordering=name')).toEqual([a.id, b.id]);

    for (let i = 0; i < 110; i += 1) await insertProduct(db(), me.companyId);
    const first: BulkDescriptionPage = (await get(me)).json();
    expect(first.count).toBe(112);
    expect(first.results).toHaveLength(25);
    expect(first.next).toBe('http://kontor.test/api/catalog/product_descriptions_bulk/?limit=25&offset=25');
    const big: BulkDescriptionPage = (await get(me, 'limit=100&offset=100&language=NO')).json();
    expect(big.results).toHaveLength(12);
    expect(big.previous).toBe('http://kontor.test/api/catalog/product_descriptions_bulk/?limit=100&language=NO');
    // The pages, one after another, are the list: every product but the archived one, newest first.
    const listed = [...(await ids('limit=100')), ...big.results.map((r) => r.id)];
    const newestFirst = await db()
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.companyId, me.companyId), isNull(catalogProducts.archivedAt)))
      .orderBy(desc(catalogProducts.id));
    expect(listed).toEqual(newestFirst.map((r) => r.id));
  });

  it('counts past 1,000 products as the catalog list does: an estimate that says so, never a count of every product', async () => {
    const me = await createTenant(app);
    const tag = `BIG-${me.companyId}`;
    await db()
      .insert(catalogProducts)
      .values(Array.from({ length: EXACT_COUNT_LIMIT + 1 }, (_, i) => ({ companyId: me.companyId, sku: `${tag}-${i}`, name: `Bulk ${i}` })));
    const body: BulkDescriptionPage = (await get(me)).json();
    expect(body.count_is_estimate).toBe(true);
    expect(body.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(body.results).toHaveLength(25);
    expect(body.next).not.toBeNull();
    // A filter that leaves a short page is counted exactly, by the page itself.
    const few: BulkDescriptionPage = (await get(me, `search=${tag}-100`)).json();
    expect(few.count_is_estimate).toBeUndefined();
    expect(few.count).toBe(few.results.length);
  });

  it('answers 400 for an unknown filter or a bad value, and 401 without a token', async () => {
    const me = await createTenant(app);
    const cases: [string, string][] = [
      ['language=FI', 'language'],
      ['colour=red', 'colour'],
      ['margin_band=huge', 'margin_band'],
      ['edited=maybe', 'edited'],
      ['ordering=colour', 'ordering'],
      ['limit=0', 'limit'],
    ];
    for (const [query, key] of cases) {
      const res = await get(me, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([key]);
    }
    expect((await get(me, 'colour=red')).json()).toEqual({ colour: ['Unknown field.'] });
    expect((await get(null)).statusCode).toBe(401);
  });
});

describe('PATCH /api/catalog/product_descriptions_bulk/{id}/', () => {
  it('creates the description in the language with the spec defaults, then changes only the fields it is given', async () => {
    const me = await createTenant(app);
    const staff = await createStaffUser(app, me);
    const product = await insertProduct(db(), me.companyId, { name: 'Lamp' });
    await describeProduct(me, product.id, { language: 'SV', name: 'Lampa' });

    const created = await patch(staff, product.id, { language: 'EN', meta_title: ' Lamp | Shop ' });
    expect(created.statusCode, created.body).toBe(200);
    const row: BulkDescriptionRow = created.json();
    expect(row).toEqual({
      id: product.id,
      sku: product.sku,
      name: 'Lamp',
      languages: ['EN', 'SV'],
      description: {
        id: expect.any(Number),
        product: product.id,
        language: 'EN',
        name: '',
        content: '',
        excerpt: '',
        meta_title: 'Lamp | Shop',
        meta_keywords: '',
        meta_description: '',
        source: 'chatgpt',
        machine_translation: false,
        account: staff.user.id,
        company: me.companyId,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });

    const changed = await patch(me, product.id, { language: 'EN', content: '<p>Brass</p>' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().description).toEqual({ ...row.description, content: '<p>Brass</p>', updated_at: expect.any(String) });
    // Without a language the spec default SV is written.
    expect((await patch(me, product.id, { excerpt: 'Kort' })).json().description).toMatchObject({ language: 'SV', name: 'Lampa', excerpt: 'Kort' });
    expect(await descriptionsOf(me.companyId)).toHaveLength(2);
    // The GET shows exactly what the PATCH answered.
    const listed: BulkDescriptionPage = (await get(me, 'language=EN')).json();
    expect(listed.results[0]).toEqual(changed.json());
  });

  it('stores a reviewed machine proposal with its source and flag, and marks the product edited', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const res = await patch(me, product.id, { language: 'DA', name: 'Lampe', source: 'gpt-4o-mini', machine_translation: true });
    expect(res.json().description).toMatchObject({ language: 'DA', name: 'Lampe', source: 'gpt-4o-mini', machine_translation: true });
    const [stored] = await db().select().from(catalogProducts).where(eq(catalogProducts.id, product.id));
    expect(stored!.editedAt).toBeInstanceOf(Date);
  });

  it('makes one description when two cells of a new language are saved at once', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    const [title, keywords] = await Promise.all([
      patch(me, product.id, { language: 'NO', meta_title: 'Lampe' }),
      patch(me, product.id, { language: 'NO', meta_keywords: 'lampe, messing' }),
    ]);
    expect([title.statusCode, keywords.statusCode]).toEqual([200, 200]);
    const rows = await descriptionsOf(me.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: 'NO', metaTitle: 'Lampe', metaKeywords: 'lampe, messing' });
  });

  it('answers 400 for an invalid body and changes nothing', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    await describeProduct(me, product.id, { language: 'EN', name: 'Lamp' });
    const before = await descriptionsOf(me.companyId);
    const cases: [Record<string, unknown>, string][] = [
      [{ colour: 'red' }, 'colour'],
      [{ product: product.id }, 'product'],
      [{ language: 'FI', name: 'x' }, 'language'],
      [{ language: 'EN', name: 'x'.repeat(501) }, 'name'],
      [{ language: 'EN', meta_title: 42 }, 'meta_title'],
      [{ language: 'EN', source: '  ' }, 'source'],
      [{ language: 'EN', machine_translation: 'yes' }, 'machine_translation'],
    ];
    for (const [payload, key] of cases) {
      const res = await patch(me, product.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toEqual([key]);
    }
    expect((await patch(me, product.id, { colour: 'red' })).json()).toEqual({ colour: ['Unknown field.'] });
    expect(await descriptionsOf(me.companyId)).toEqual(before);
  });

  it('answers 404 for another company’s or a missing product and writes nothing; 401 without a token', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const theirs = await insertProduct(db(), other.companyId);
    for (const id of [theirs.id, 99999999]) {
      const res = await patch(me, id, { language: 'EN', name: 'Hijacked' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await patch(null, theirs.id, { name: 'Hijacked' })).statusCode).toBe(401);
    expect(await descriptionsOf(me.companyId)).toEqual([]);
    expect(await descriptionsOf(other.companyId)).toEqual([]);
  });
});

describe('POST /api/catalog/product_descriptions_bulk/translate/', () => {
  it('SV -> EN: proposals from the chat API, nothing stored; saved with PATCH they show in the GET', async () => {
    const me = await createTenant(app);
    const lamp = await insertProduct(db(), me.companyId, { name: 'Lamp', sku: 'LAMP-7' });
    const sv = await describeProduct(me, lamp.id, { language: 'SV', ...SV_LAMP, excerpt: '' });
    const before = chat.requests.length;

    const res = await translate(me, { products: [lamp.id], source_language: 'SV', target_language: 'EN' });
    expect(res.statusCode, res.body).toBe(200);
    const body: MachineCopyResponse = res.json();
    const { excerpt: _excerpt, ...svCopy } = SV_LAMP;
    expect(body).toEqual({
      language: 'EN',
      source: chat.model,
      results: [
        {
          product: lamp.id,
          source: { ...svCopy, excerpt: '' },
          proposal: {
            name: '[EN] Bordslampa',
            content: '[EN] <p>Lampa i mässing</p>',
            excerpt: '',
            meta_title: '[EN] Bordslampa | Butik',
            meta_keywords: '[EN] lampa, mässing',
            meta_description: '[EN] En bordslampa i mässing',
          },
          error: null,
        },
      ],
    });
    // One call, made like an OpenAI client makes it.
    expect(chat.requests.length - before).toBe(1);
    const call = chat.requests.at(-1)!;
    expect(call.authorization).toBe(`Bearer ${chat.apiKey}`);
    expect(call.body).toMatchObject({ model: chat.model, response_format: { type: 'json_object' }, temperature: 0.2 });
    expect(call.body.messages?.[0]?.content).toContain('from Swedish into English');
    expect(JSON.parse(call.body.messages![1]!.content)).toMatchObject({ sku: 'LAMP-7', source_language: 'SV', target_language: 'EN' });
    // Nothing stored until the operator accepts.
    expect((await descriptionsOf(me.companyId)).map((d) => d.language)).toEqual(['SV']);

    const saved = await patch(me, lamp.id, { language: 'EN', ...body.results[0]!.proposal, source: body.source, machine_translation: true });
    expect(saved.statusCode).toBe(200);
    const en: BulkDescriptionPage = (await get(me, 'language=EN')).json();
    expect(en.results[0]).toMatchObject({
      id: lamp.id,
      languages: ['EN', 'SV'],
      description: { language: 'EN', name: '[EN] Bordslampa', meta_title: '[EN] Bordslampa | Butik', source: chat.model, machine_translation: true },
    });
    // The source is untouched.
    expect(((await get(me)).json() as BulkDescriptionPage).results[0]!.description).toEqual(sv);
  });

  it('translates between any pair and answers each product in the order asked; a missing or empty source is that product’s error', async () => {
    const me = await createTenant(app);
    const withEn = await insertProduct(db(), me.companyId);
    const without = await insertProduct(db(), me.companyId);
    const blank = await insertProduct(db(), me.companyId);
    await describeProduct(me, withEn.id, { language: 'EN', name: 'Lamp' });
    await describeProduct(me, without.id, { language: 'SV', name: 'Lampa' });
    await describeProduct(me, blank.id, { language: 'EN', name: '  ' });
    const before = chat.requests.length;
    const res = await translate(me, { products: [without.id, withEn.id, blank.id], source_language: 'EN', target_language: 'DA' });
    expect(res.statusCode).toBe(200);
    const body: MachineCopyResponse = res.json();
    expect(body.results).toEqual([
      { product: without.id, source: null, proposal: null, error: noSourceDescription('EN') },
      { product: withEn.id, source: expect.objectContaining({ name: 'Lamp' }), proposal: expect.objectContaining({ name: '[DA] Lamp' }), error: null },
      { product: blank.id, source: expect.objectContaining({ name: '' }), proposal: null, error: emptySourceDescription('EN') },
    ]);
    expect(noSourceDescription('EN')).toBe('This product has no EN description to translate.');
    // Only the product with copy went to the model.
    expect(chat.requests.length - before).toBe(1);
  });

  it('cuts a too long answer at a whole character: never half of an emoji (a lone surrogate)', async () => {
    const me = await createTenant(app);
    const lamp = await insertProduct(db(), me.companyId);
    // Within the limits in the source; the fake's '[EN] ' prefix makes the answers one UTF-16 unit too long,
    // so the cut at 500 (name) and 300 (meta_title) falls inside the emoji's surrogate pair.
    await describeProduct(me, lamp.id, { language: 'SV', name: `${'a'.repeat(494)}💡`, meta_title: `${'b'.repeat(294)}💡` });
    const res = await translate(me, { products: [lamp.id], source_language: 'SV', target_language: 'EN' });
    expect(res.statusCode, res.body).toBe(200);
    const { proposal } = (res.json() as MachineCopyResponse).results[0]!;
    expect(proposal?.name).toBe(`[EN] ${'a'.repeat(494)}`);
    expect(proposal?.meta_title).toBe(`[EN] ${'b'.repeat(294)}`);
    // The accepted proposal saves as it was shown.
    const saved = await patch(me, lamp.id, { language: 'EN', name: proposal!.name, meta_title: proposal!.meta_title });
    expect(saved.json().description).toMatchObject({ name: proposal!.name, meta_title: proposal!.meta_title });
  });

  it('answers 400 for a bad body, and for another company’s or a missing product, without calling the model', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await insertProduct(db(), me.companyId);
    const theirs = await insertProduct(db(), other.companyId);
    await describeProduct(other, theirs.id, { language: 'SV', name: 'Theirs' });
    const before = chat.requests.length;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ target_language: 'EN' }, { products: ['This field is required.'] }],
      [{ products: [], target_language: 'EN' }, { products: ['Select at least one product.'] }],
      [{ products: Array.from({ length: 26 }, (_, i) => i + 1), target_language: 'EN' }, { products: ['Ensure this field has no more than 25 elements.'] }],
      [{ products: [mine.id, mine.id], target_language: 'EN' }, { products: ['A product appears more than once.'] }],
      [{ products: [mine.id] }, { target_language: ['This field is required.'] }],
      [{ products: [mine.id], target_language: 'SV' }, { target_language: ['The target language must differ from the source language.'] }],
      [{ products: [mine.id], target_language: 'FI' }, { target_language: ['"FI" is not a valid choice.'] }],
      [{ products: [mine.id], target_language: 'EN', colour: 'red' }, { colour: ['Unknown field.'] }],
      [{ products: [theirs.id], target_language: 'EN' }, { products: [`Invalid pk "${theirs.id}" - object does not exist.`] }],
      [{ products: [mine.id, 99999999], target_language: 'EN' }, { products: ['Invalid pk "99999999" - object does not exist.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await translate(me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(errors);
    }
    expect(chat.requests.length).toBe(before);
    expect((await translate(null, { products: [mine.id], target_language: 'EN' })).statusCode).toBe(401);
  });

  it('answers 503 with a clear message when the chat API is not configured', async () => {
    const me = await createTenant(unconfigured);
    const product = await insertProduct(unconfigured.deps.database.db, me.companyId);
    const res = await translate(me, { products: [product.id], target_language: 'EN' }, unconfigured);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: 'Machine translation is not configured: set LLM_BASE_URL and LLM_API_KEY on the server.' });
    expect(LLM_NOT_CONFIGURED).toBe(res.json().detail);
    // Auth still comes first.
    expect((await translate(null, { products: [product.id], target_language: 'EN' }, unconfigured)).statusCode).toBe(401);
  });

  it('answers 502 with the reason when the chat API fails, times out or answers nonsense, and stores nothing', async () => {
    const me = await createTenant(app);
    const product = await insertProduct(db(), me.companyId);
    await describeProduct(me, product.id, { language: 'SV', ...SV_LAMP });
    const before = await descriptionsOf(me.companyId);
    const cases: [() => void, string][] = [
      [() => chat.setMode('http-500'), 'The translation service answered HTTP 500.'],
      [() => chat.setMode('hang'), 'The translation service did not answer within 0.5 s.'],
      [() => chat.setMode('not-json'), 'The translation service did not answer with a JSON object.'],
      [() => chat.setMode('missing-fields'), 'The translation service answered a JSON object without the description fields.'],
      [() => chat.setMode('not-a-completion'), 'The translation service did not answer like a chat completions API.'],
      [() => chat.acceptKey('rotated-key'), 'The translation service refused the API key (HTTP 401). Check LLM_API_KEY.'],
    ];
    for (const [arrange, message] of cases) {
      arrange();
      const res = await translate(me, { products: [product.id], target_language: 'EN' });
      expect(res.statusCode, message).toBe(502);
      expect(res.json()).toEqual({ detail: message });
      chat.setMode('ok');
      chat.acceptKey(chat.apiKey);
    }
    expect(await descriptionsOf(me.companyId)).toEqual(before);
  });
});

describe('POST /api/catalog/product_descriptions_bulk/generate/', () => {
  it('writes proposals from the product name, SKU and its supplier data; nothing stored', async () => {
    const me = await createTenant(app);
    const lamp = await insertProduct(db(), me.companyId, { name: 'Brass lamp', sku: 'LAMP-9' });
    const bare = await insertProduct(db(), me.companyId, { name: 'Chair', sku: 'CHAIR-9' });
    const supplier = await insertSupplier(db(), me.companyId, { name: 'Nordic Light' });
    const category = await insertProcurementCategory(db(), me.companyId, supplier.id, { name: 'Lamps' });
    await insertProcurementProduct(db(), me.companyId, supplier.id, {
      catalogProductId: lamp.id,
      name: 'Lamp brass 40W',
      description: 'E27 socket, 40 cm',
      categoryId: category.id,
    });
    const res = await generate(me, { products: [lamp.id, bare.id], language: 'NO' });
    expect(res.statusCode, res.body).toBe(200);
    const body: MachineCopyResponse = res.json();
    expect(body.language).toBe('NO');
    expect(body.source).toBe(chat.model);
    expect(body.results).toEqual([
      {
        product: lamp.id,
        source: null,
        proposal: {
          name: 'Brass lamp (NO)',
          content: '<p>Brass lamp LAMP-9. Nordic Light: Lamp brass 40W / Lamps / E27 socket, 40 cm</p>',
          excerpt: 'Brass lamp in NO',
          // Trimmed: the model padded it.
          meta_title: 'Brass lamp | NO',
          meta_keywords: 'LAMP-9, NO',
          meta_description: 'Buy Brass lamp',
        },
        error: null,
      },
      { product: bare.id, source: null, proposal: expect.objectContaining({ content: '<p>Chair CHAIR-9. No supplier data.</p>' }), error: null },
    ]);
    expect(chat.requests.at(-1)!.body.messages?.[0]?.content).toContain('in Norwegian (Bokmål)');
    expect(await descriptionsOf(me.companyId)).toEqual([]);
  });

  it('gives the model the offers still active first: older removed ones do not crowd them out of the few it gets', async () => {
    const me = await createTenant(app);
    const lamp = await insertProduct(db(), me.companyId, { name: 'Brass lamp', sku: 'LAMP-7' });
    const supplier = await insertSupplier(db(), me.companyId, { name: 'Nordic Light' });
    for (const n of [1, 2, 3]) {
      await insertProcurementProduct(db(), me.companyId, supplier.id, { catalogProductId: lamp.id, name: `Old lamp ${n}`, status: 'removed' });
    }
    await insertProcurementProduct(db(), me.companyId, supplier.id, { catalogProductId: lamp.id, name: 'Lamp brass 60W', status: 'active' });
    const res = await generate(me, { products: [lamp.id], language: 'EN' });
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json<MachineCopyResponse>().results[0]!.proposal!.content;
    expect(content).toContain('Nordic Light: Lamp brass 60W');
    expect(content.indexOf('Lamp brass 60W')).toBeLessThan(content.indexOf('Old lamp'));
  });

  it('answers 400 for a bad body or another company’s product, 401 without a token, 503 unconfigured, 502 on failure', async () => {
    const me = await createTenant(app);
    const other = await createTenant(app);
    const mine = await insertProduct(db(), me.companyId);
    const theirs = await insertProduct(db(), other.companyId);
    const before = chat.requests.length;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'products'],
      [{ products: [mine.id], language: 'FI' }, 'language'],
      [{ products: ['x'] }, 'products.0'],
      [{ products: [mine.id], target_language: 'EN' }, 'target_language'],
      [{ products: [theirs.id] }, 'products'],
    ];
    for (const [payload, key] of cases) {
      const res = await generate(me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toEqual([key]);
    }
    expect((await generate(me, { products: [theirs.id] })).json()).toEqual({ products: [`Invalid pk "${theirs.id}" - object does not exist.`] });
    expect(chat.requests.length).toBe(before);
    expect((await generate(null, { products: [mine.id] })).statusCode).toBe(401);

    const stranger = await createTenant(unconfigured);
    const product = await insertProduct(unconfigured.deps.database.db, stranger.companyId);
    const off = await generate(stranger, { products: [product.id] }, unconfigured);
    expect(off.statusCode).toBe(503);
    expect(off.json()).toEqual({ detail: LLM_NOT_CONFIGURED });

    chat.setMode('http-500');
    const failed = await generate(me, { products: [mine.id] });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ detail: 'The translation service answered HTTP 500.' });
    expect(await descriptionsOf(me.companyId)).toEqual([]);
  });
});
