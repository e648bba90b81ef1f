import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, createTenant, createTestApp, type Tenant, type TestApp } from '../../test/helpers.js';
import { insertProduct } from '../modules/catalog/catalog.factories.js';
import { PRODUCT_SEARCH_INDEX } from '../modules/catalog/product-filters.js';
import { COMMON_PIECE_SHARE, forgetSearchSamples, MIN_SAMPLE, searchIndexPieces, searchSample } from './search-pieces.js';

describe('searchIndexPieces', () => {
  // Thirty texts: every SKU starts "LRG-", ten names say "Brass lamp", twenty "Glass pot", one "oak".
  const sample = Array.from({ length: 30 }, (_, i) => `LRG-${String(i).padStart(5, '0')} ${i % 3 === 0 ? 'Brass lamp' : 'Glass pot'}${i === 7 ? ' oak' : ''}`);

  it('asks the index for the pieces that are not common', () => {
    expect(searchIndexPieces('LRG-00123', sample)).toEqual(['00123']);
    // Case and the characters between pieces do not matter; each piece is asked for once.
    expect(searchIndexPieces('lrg 00123/00123', sample)).toEqual(['00123']);
    expect(searchIndexPieces('glass pot 00017', sample)).toEqual(['00017']);
  });

  it('keeps the whole term when no piece is common, or every piece is', () => {
    expect(searchIndexPieces('oak chair', sample)).toBeNull();
    expect(searchIndexPieces('brass lamp 00017', sample)).toBeNull();
    // One piece: nothing to leave out.
    expect(searchIndexPieces('LRG', sample)).toBeNull();
  });

  it('keeps the whole term when the rare pieces are too short to give the index a trigram', () => {
    expect(searchIndexPieces('LRG-12', sample)).toBeNull();
    expect(searchIndexPieces('LRG-12 oak', sample)).toEqual(['oak']);
  });

  it('needs a sample of some size', () => {
    expect(searchIndexPieces('LRG-00123', sample.slice(0, MIN_SAMPLE - 1))).toBeNull();
    expect(searchIndexPieces('LRG-00123', sample.slice(0, MIN_SAMPLE))).toEqual(['00123']);
  });

  it('calls a piece common above its share of the sample', () => {
    // "glass" is in 20 of 30 texts, "lamp" in 10: only the first is common.
    expect(COMMON_PIECE_SHARE).toBeGreaterThan(10 / 30);
    expect(COMMON_PIECE_SHARE).toBeLessThan(20 / 30);
    expect(searchIndexPieces('glass 00017', sample)).toEqual(['00017']);
    expect(searchIndexPieces('lamp 00017', sample)).toBeNull();
  });
});

describe('a product search whose pieces are common (PostgreSQL and PGlite)', () => {
  let app: TestApp;
  let me: Tenant;
  beforeAll(async () => {
    app = await createTestApp();
    me = await createTenant(app);
    const other = await createTenant(app);
    const db = app.deps.database.db;
    for (let i = 0; i < 60; i += 1) {
      await insertProduct(db, me.companyId, { sku: `CMN-${String(i).padStart(5, '0')}`, name: `Steel hook ${i}` });
    }
    // Both pieces of "CMN-00012", but not the term: it must not be found.
    await insertProduct(db, me.companyId, { sku: 'XYZ-1', name: 'cmn spare 00012' });
    await insertProduct(db, me.companyId, { sku: 'XYZ-2', name: 'Fits CMN-00012 and CMN-00013' });
    // Another company's product with the term is not the caller's.
    await insertProduct(db, other.companyId, { sku: 'CMN-00012', name: 'Theirs' });
    await db.execute(sql`analyze catalog_products`);
    forgetSearchSamples();
  });
  afterAll(async () => app?.close());

  const skus = async (url: string) => {
    const res = await as(app, me, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().results as { sku: string }[]).map((p) => p.sku).sort();
  };

  it('reads the planner’s sample of the index, and leaves the common piece to the row check', async () => {
    const sample = await searchSample(app.deps.database.db, PRODUCT_SEARCH_INDEX);
    expect(sample.length).toBeGreaterThanOrEqual(MIN_SAMPLE);
    expect(searchIndexPieces('CMN-00012', sample)).toEqual(['00012']);
  });

  it('finds what the whole term finds, and only that', async () => {
    expect(await skus('/api/catalog/products/?search=CMN-00012')).toEqual(['CMN-00012', 'XYZ-2']);
    expect(await skus('/api/catalog/products/?search=cmn-0001&ordering=sku')).toEqual([
      'CMN-00010',
      'CMN-00011',
      'CMN-00012',
      'CMN-00013',
      'CMN-00014',
      'CMN-00015',
      'CMN-00016',
      'CMN-00017',
      'CMN-00018',
      'CMN-00019',
      'XYZ-2',
    ]);
    expect(await skus('/api/catalog/products/?search=CMN-00012%20and')).toEqual(['XYZ-2']);
    expect(await skus('/api/catalog/products2/?search=CMN-00012')).toEqual(['CMN-00012', 'XYZ-2']);
  });
});
