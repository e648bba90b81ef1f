import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { facebookTaxonomyItems, googleTaxonomyItems } from '../../db/schema/index.js';
import { sharedDataFile } from '../../../test/shared-data.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { importTaxonomyFile, localeFromFileName, parseFacebookTaxonomy, parseGoogleTaxonomy, TaxonomyFileError, type ImportReport } from './import.js';

// Small files written for the test, in the official formats (a version comment, no final newline).
const GOOGLE_EN = [
  '# Google_Product_Taxonomy_Version: 2021-09-21',
  '1 - Animals & Pet Supplies',
  '3237 - Animals & Pet Supplies > Live Animals',
  '536 - Home & Garden',
  '689 - Home & Garden > Lawn & Garden > Gardening',
].join('\n');
const GOOGLE_SV = [
  '# Google_Product_Taxonomy_Version: 2021-09-21',
  '536 - Hem och trädgård',
  '689 - Hem och trädgård > Gräsmatta och trädgård > Trädgårdsarbete',
  '1 - Djur och husdjursartiklar',
  '3237 - Djur och husdjursartiklar > Levande djur',
  '',
].join('\n');
const FACEBOOK_EN = ['category_id,category', '1,food & beverages', '13,"food & beverages > food > dairy, eggs & cheese"', '2,food & beverages > food'].join(
  '\n',
);

const report = (r: Partial<ImportReport>): ImportReport => ({ read: 0, inserted: 0, updated: 0, unchanged: 0, ...r });

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());
const db = () => database.db;
const googleRows = () => db().select().from(googleTaxonomyItems).orderBy(asc(googleTaxonomyItems.taxonomyId));

function fileError(run: () => unknown): TaxonomyFileError {
  try {
    run();
  } catch (err) {
    if (err instanceof TaxonomyFileError) return err;
    throw err;
  }
  throw new Error('expected a TaxonomyFileError');
}

describe('parsing the files', () => {
  it('reads Google lines with their level, skipping the version comment and blank lines', () => {
    expect(parseGoogleTaxonomy(GOOGLE_EN)).toEqual([
      { taxonomyId: 1, slug: 'Animals & Pet Supplies', level: 0 },
      { taxonomyId: 3237, slug: 'Animals & Pet Supplies > Live Animals', level: 1 },
      { taxonomyId: 536, slug: 'Home & Garden', level: 0 },
      { taxonomyId: 689, slug: 'Home & Garden > Lawn & Garden > Gardening', level: 2 },
    ]);
    expect(parseGoogleTaxonomy('\uFEFF1 - A\r\n2 - A > B\r\n')).toEqual([
      { taxonomyId: 1, slug: 'A', level: 0 },
      { taxonomyId: 2, slug: 'A > B', level: 1 },
    ]);
  });

  it('names the line of a malformed Google line, a bad id, an empty name and a repeated id', () => {
    expect(fileError(() => parseGoogleTaxonomy('# v\n1 - A\nA > B')).message).toBe("Line 3: expected 'ID - Category > Subcategory', got 'A > B'.");
    expect(fileError(() => parseGoogleTaxonomy('1 - A\nx1 - A > B')).line).toBe(2);
    expect(fileError(() => parseGoogleTaxonomy('99999999999 - A')).message).toBe("Line 1: '99999999999' is not a valid category id.");
    expect(fileError(() => parseGoogleTaxonomy('1 - A >  > C')).message).toBe("Line 1: the path 'A >  > C' has an empty category name.");
    expect(fileError(() => parseGoogleTaxonomy('1 - A\n2 - B\n1 - C')).message).toBe('Line 3: id 1 already appeared on line 1.');
  });

  it("reads Meta's CSV, quoted paths included", () => {
    expect(parseFacebookTaxonomy(FACEBOOK_EN)).toEqual([
      { taxonomyId: 1, slug: 'food & beverages', level: 0 },
      { taxonomyId: 13, slug: 'food & beverages > food > dairy, eggs & cheese', level: 2 },
      { taxonomyId: 2, slug: 'food & beverages > food', level: 1 },
    ]);
    expect(parseFacebookTaxonomy('category_id,category\n5,"say ""cheese"""\n')).toEqual([{ taxonomyId: 5, slug: 'say "cheese"', level: 0 }]);
  });

  it("refuses a CSV without Meta's header, an unclosed quote and a row with too many fields", () => {
    expect(fileError(() => parseFacebookTaxonomy(GOOGLE_EN)).message).toBe(
      "Line 1: expected the header 'category_id,category', got '# Google_Product_Taxonomy_Version: 2021-09-21'.",
    );
    expect(fileError(() => parseFacebookTaxonomy('category_id,category\n1,a\n2,"b > c')).message).toBe('Line 3: a quoted field is not closed.');
    expect(fileError(() => parseFacebookTaxonomy('category_id,category\n1,a,b')).message).toBe('Line 2: expected 2 fields (category_id,category), got 3.');
  });

  it('takes the locale from the file name when it names one', () => {
    expect(localeFromFileName('../shared/data/taxonomies/taxonomy-with-ids.sv-SE.txt')).toBe('sv-SE');
    expect(localeFromFileName('taxonomy-with-ids.en-US.txt')).toBe('en-US');
    expect(localeFromFileName('fb_product_categories_en_US.txt')).toBe('en-US');
    expect(localeFromFileName('fb_product_categories_sv_SE.csv')).toBe('sv-SE');
    expect(localeFromFileName('taxonomy.txt')).toBeUndefined();
  });
});

describe('importing', () => {
  it('merges the English and Swedish files by id, and a re-import changes nothing', async () => {
    expect(await importTaxonomyFile(db(), 'google', 'en-US', GOOGLE_EN)).toEqual(report({ read: 4, inserted: 4 }));
    expect(await importTaxonomyFile(db(), 'google', 'sv-SE', GOOGLE_SV)).toEqual(report({ read: 4, updated: 4 }));
    const merged = await googleRows();
    expect(merged.map((r) => [r.taxonomyId, r.slugEn, r.slugSv, r.level])).toEqual([
      [1, 'Animals & Pet Supplies', 'Djur och husdjursartiklar', 0],
      [536, 'Home & Garden', 'Hem och trädgård', 0],
      [689, 'Home & Garden > Lawn & Garden > Gardening', 'Hem och trädgård > Gräsmatta och trädgård > Trädgårdsarbete', 2],
      [3237, 'Animals & Pet Supplies > Live Animals', 'Djur och husdjursartiklar > Levande djur', 1],
    ]);

    expect(await importTaxonomyFile(db(), 'google', 'en-US', GOOGLE_EN)).toEqual(report({ read: 4, unchanged: 4 }));
    expect(await importTaxonomyFile(db(), 'google', 'sv-SE', GOOGLE_SV)).toEqual(report({ read: 4, unchanged: 4 }));
    expect(await googleRows()).toEqual(merged);

    // A renamed category is updated; the others keep their updated_at.
    const renamed = GOOGLE_EN.replace('536 - Home & Garden', '536 - Home and Garden').concat('\n7 - Arts');
    expect(await importTaxonomyFile(db(), 'google', 'en-US', renamed)).toEqual(report({ read: 5, inserted: 1, updated: 1, unchanged: 3 }));
    const after = await googleRows();
    expect(after.find((r) => r.taxonomyId === 536)).toMatchObject({ slugEn: 'Home and Garden', slugSv: 'Hem och trädgård' });
    expect(after.find((r) => r.taxonomyId === 7)).toMatchObject({ slugEn: 'Arts', slugSv: '', level: 0 });
    const unchangedBefore = merged.filter((r) => r.taxonomyId !== 536);
    for (const row of unchangedBefore) expect(after.find((r) => r.id === row.id)).toEqual(row);
  });

  it('writes nothing when a line is bad, even after many good ones', async () => {
    const before = await googleRows();
    const good = Array.from({ length: 2500 }, (_, i) => `${100_000 + i} - Bulk > Item ${i}`);
    const text = [...good, 'not a taxonomy line'].join('\n');
    await expect(importTaxonomyFile(db(), 'google', 'en-US', text)).rejects.toThrow(
      "Line 2501: expected 'ID - Category > Subcategory', got 'not a taxonomy line'.",
    );
    expect(await googleRows()).toEqual(before);
  });

  it('imports many rows in batches inside one transaction', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => `${200_000 + i} - Bulk > Item ${i}`).join('\n');
    expect(await importTaxonomyFile(db(), 'google', 'en-US', many)).toEqual(report({ read: 2500, inserted: 2500 }));
    expect(await importTaxonomyFile(db(), 'google', 'en-US', many)).toEqual(report({ read: 2500, unchanged: 2500 }));
  });

  it("imports Meta's categories into their own table", async () => {
    expect(await importTaxonomyFile(db(), 'facebook', 'en-US', FACEBOOK_EN)).toEqual(report({ read: 3, inserted: 3 }));
    expect(await importTaxonomyFile(db(), 'facebook', 'en-US', FACEBOOK_EN)).toEqual(report({ read: 3, unchanged: 3 }));
    const [dairy] = await db().select().from(facebookTaxonomyItems).where(eq(facebookTaxonomyItems.taxonomyId, 13));
    expect(dairy).toMatchObject({ slugEn: 'food & beverages > food > dairy, eggs & cheese', slugSv: '', level: 2 });
    // The Google table did not get Meta's ids.
    expect((await googleRows()).some((r) => r.slugEn.startsWith('food'))).toBe(false);
  });
});

// The official files are not part of the repository (see shared/data/taxonomies/SOURCES.md):
// they are read from the shared data folder when it exists (test/shared-data.ts). A checkout
// without it still runs every test above, on the fixtures.
const realFile = (name: string) => sharedDataFile('taxonomies', name) ?? path.join('missing-shared-data', name);

describe.runIf(sharedDataFile('taxonomies', 'taxonomy-with-ids.en-US.txt') !== null)('the official files', () => {
  let real: Database;
  beforeAll(async () => {
    real = await openTestDatabase();
  });
  afterAll(async () => real?.close());

  /** id -> path, straight from the file's `ID - path` lines (the importer's parser is not used to check itself). */
  const pathsById = (text: string) => new Map([...text.matchAll(/^(\d+) - (.+)$/gm)].map((m) => [Number(m[1]), m[2]!]));

  it('imports every Google id line with its English and Swedish slugs, and a re-import changes nothing', async () => {
    const en = readFileSync(realFile('taxonomy-with-ids.en-US.txt'), 'utf8');
    const sv = readFileSync(realFile('taxonomy-with-ids.sv-SE.txt'), 'utf8');
    const enPaths = pathsById(en);
    const svPaths = pathsById(sv);
    expect(enPaths.size).toBeGreaterThan(5500);

    expect(await importTaxonomyFile(real.db, 'google', 'en-US', en)).toEqual(report({ read: enPaths.size, inserted: enPaths.size }));
    expect(await importTaxonomyFile(real.db, 'google', 'sv-SE', sv)).toEqual(report({ read: svPaths.size, updated: svPaths.size }));
    const rows = await real.db.select().from(googleTaxonomyItems);
    expect(rows).toHaveLength(enPaths.size);
    for (const row of rows) {
      expect(row.slugEn).toBe(enPaths.get(row.taxonomyId));
      expect(row.slugSv).toBe(svPaths.get(row.taxonomyId));
      expect(row.level).toBe(row.slugEn.split(' > ').length - 1);
    }

    expect(await importTaxonomyFile(real.db, 'google', 'en-US', en)).toEqual(report({ read: enPaths.size, unchanged: enPaths.size }));
    expect(await importTaxonomyFile(real.db, 'google', 'sv-SE', sv)).toEqual(report({ read: svPaths.size, unchanged: svPaths.size }));
  }, 30_000);

  it("imports every row of Meta's file", async () => {
    const text = readFileSync(realFile('fb_product_categories_en_US.txt'), 'utf8');
    const dataRows = text.split('\n').slice(1).filter(Boolean).length;
    expect(await importTaxonomyFile(real.db, 'facebook', 'en-US', text)).toEqual(report({ read: dataRows, inserted: dataRows }));
    const [dairy] = await real.db.select().from(facebookTaxonomyItems).where(eq(facebookTaxonomyItems.taxonomyId, 13));
    expect(dairy).toMatchObject({ slugEn: 'food & beverages > food > dairy, eggs & cheese', level: 2 });
    expect(await importTaxonomyFile(real.db, 'facebook', 'en-US', text)).toEqual(report({ read: dataRows, unchanged: dataRows }));
  }, 30_000);
});
