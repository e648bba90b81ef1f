import { describe, expect, it } from 'vitest';
import { CsvParser, parseCsv } from './csv.js';
import { FeedImportError } from './errors.js';
import { createRecordReader, type RawRecord } from './records.js';
import { leadingQuantity, normalizeCategoryPath, parseCost, RowCollector, stripInStock } from './rows.js';
import { categoryNodes } from './write.js';
import { decodeEntities, readXmlItems, XmlItemReader, type XmlItem } from './xml.js';

/** Feeds a text to a streaming parser in chunks of every size from 1 up, so every split point is tried. */
function inChunks(text: string, size: number, write: (s: string) => void) {
  for (let i = 0; i < text.length; i += size) write(text.slice(i, i + size));
}

function csvInChunks(text: string, size: number, delimiter = ','): string[][] {
  const out: string[][] = [];
  const parser = new CsvParser(delimiter, (r) => out.push(r));
  inChunks(text, size, (s) => parser.write(s));
  parser.end();
  return out;
}

describe('CSV parser', () => {
  it('reads quoted fields, escaped quotes, embedded line breaks and empty fields', () => {
    const text = 'sku,name,description\r\nA1,"Spade, large","He said ""dig""\nthen left"\r\nA2,,""\n';
    const expected = [
      ['sku', 'name', 'description'],
      ['A1', 'Spade, large', 'He said "dig"\nthen left'],
      ['A2', '', ''],
    ];
    expect(parseCsv(text)).toEqual(expected);
    for (let size = 1; size <= text.length; size += 1) expect(csvInChunks(text, size)).toEqual(expected);
  });

  it('skips a byte order mark and blank lines, and reads a last line without a line break', () => {
    expect(parseCsv('\uFEFFsku,name\n\nA1,Rake\n\r\nA2,Hoe')).toEqual([
      ['sku', 'name'],
      ['A1', 'Rake'],
      ['A2', 'Hoe'],
    ]);
  });

  it('splits on the configured delimiter, also a tab', () => {
    expect(parseCsv('sku;name;cost\nA1;"Fork; garden";12,50\n', ';')).toEqual([
      ['sku', 'name', 'cost'],
      ['A1', 'Fork; garden', '12,50'],
    ]);
    expect(csvInChunks('sku\tname\nA1\tRake\n', 2, '\t')).toEqual([
      ['sku', 'name'],
      ['A1', 'Rake'],
    ]);
  });

  it('handles CR-only line ends and a CRLF split between chunks', () => {
    expect(parseCsv('a,b\rc,d\r')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    const out: string[][] = [];
    const parser = new CsvParser(',', (r) => out.push(r));
    parser.write('a,b\r');
    parser.write('\nc,d');
    parser.end();
    expect(out).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps a stray quote inside an unquoted field, and refuses a quoted field that never closes', () => {
    expect(parseCsv('a,5" screen,b\n')).toEqual([['a', '5" screen', 'b']]);
    expect(() => parseCsv('sku,name\nA1,"never closed\n')).toThrow(FeedImportError);
    expect(() => parseCsv('sku,name\nA1,"never closed\n')).toThrow('a quoted field is never closed');
  });
});

describe('XML reader', () => {
  const values = (item: XmlItem) => Object.fromEntries([...item.entries()].map(([k, v]) => [k, v.length === 1 ? v[0] : v]));

  it('hands over each item with its children, entities, CDATA, attributes and repeated elements', () => {
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE catalog [ <!ELEMENT catalog ANY> ]>
<catalog>
  <!-- generated -->
  <title>Not a product</title>
  <product id="p&amp;1">
    <sku>A1</sku>
    <name>Fish &amp; chips &lt;deluxe&gt; &#246;l &#xE5;</name>
    <description><![CDATA[<b>Bold</b> & brave]]></description>
    <images><image>https://x.test/1.jpg</image><image>https://x.test/2.jpg</image></images>
    <empty/>
  </product>
  <product><sku>A2</sku><name>Rake</name></product>
</catalog>`;
    const expected = [
      {
        '@id': 'p&1',
        sku: 'A1',
        name: 'Fish & chips <deluxe> öl å',
        description: '<b>Bold</b> & brave',
        'images.image': ['https://x.test/1.jpg', 'https://x.test/2.jpg'],
        images: 'https://x.test/1.jpghttps://x.test/2.jpg',
        empty: '',
      },
      { sku: 'A2', name: 'Rake' },
    ];
    expect(readXmlItems(text, 'product').map(values)).toEqual(expected);
    for (const size of [1, 2, 3, 5, 8, 13, 64]) {
      const out: XmlItem[] = [];
      const reader = new XmlItemReader('product', (i) => out.push(i));
      inChunks(text, size, (s) => reader.write(s));
      reader.end();
      expect(out.map(values)).toEqual(expected);
    }
  });

  it('keeps unknown entities and bare ampersands as written', () => {
    expect(decodeEntities('a &nbsp; b & c &amp; d')).toBe('a &nbsp; b & c & d');
  });

  it.each([
    ['a mismatched end tag', '<catalog><product><sku>A1</name></product></catalog>', '<sku> is closed by </name>'],
    ['an unclosed root', '<catalog><product><sku>A1</sku></product>', 'it ends inside <catalog>'],
    ['text after the root', '<catalog></catalog>trailing', 'text outside the root element'],
    ['a cut-off tag', '<catalog><product><sku', 'it ends inside a tag'],
    ['an empty file', '', 'there is no root element'],
    ['two roots', '<a></a><b></b>', 'a second root element'],
  ])('refuses %s', (_what, text, message) => {
    expect(() => readXmlItems(text, 'product')).toThrow(FeedImportError);
    expect(() => readXmlItems(text, 'product')).toThrow(message);
  });
});

describe('record readers', () => {
  const collect = (format: 'CSV' | 'XML' | 'JSON', options: Record<string, string>, keys: string[], text: string) => {
    const out: RawRecord[] = [];
    const reader = createRecordReader(format, options, keys, (r) => out.push(r));
    reader.write(text);
    reader.end();
    return out;
  };

  it('CSV: maps header names (exact, else ignoring case) and refuses a file without a mapped column', () => {
    const rows = collect('CSV', {}, ['SKU', 'name'], 'sku,Name ,cost\nA1,Rake,5\n');
    expect(rows.map((r) => [r.row, r.get('SKU'), r.get('name')])).toEqual([[1, 'A1', 'Rake']]);
    expect(() => collect('CSV', {}, ['sku', 'title'], 'sku,name\nA1,Rake\n')).toThrow("The file has no column 'title'");
    expect(() => collect('CSV', {}, ['sku'], '')).toThrow('there is no header row');
  });

  it('JSON: finds the array at the path, reads nested keys and lists', () => {
    const text = JSON.stringify({ data: { items: [{ sku: 'A1', price: { amount: 12.5 }, images: ['a', 'b'] }, 'junk'] } });
    const rows = collect('JSON', { path: 'data.items' }, [], text);
    expect(rows.map((r) => [r.row, r.get('sku'), r.get('price.amount'), r.get('images')])).toEqual([
      [1, 'A1', '12.5', ['a', 'b']],
      [2, undefined, undefined, undefined],
    ]);
    expect(() => collect('JSON', { path: 'products' }, [], text)).toThrow("no list of products at 'products'");
    expect(() => collect('JSON', {}, [], '{"products": [')).toThrow('The file is not valid JSON');
  });

  it('XML: refuses a file without the item element', () => {
    expect(() => collect('XML', { item: 'item' }, [], '<catalog><product/></catalog>')).toThrow('no <item> elements');
  });
});

describe('row values', () => {
  it('parses costs exactly, in the forms suppliers write them', () => {
    expect(parseCost('12.50')).toBe('12.50');
    expect(parseCost('12,5')).toBe('12.5');
    expect(parseCost('1 234,50')).toBe('1234.50');
    expect(parseCost('1.234,50')).toBe('1234.50');
    expect(parseCost('1,234.50')).toBe('1234.50');
    expect(parseCost('€ 9.99')).toBe('9.99');
    expect(parseCost('9.99 EUR')).toBe('9.99');
    expect(parseCost('149:-')).toBe('149');
    expect(parseCost('007')).toBe('7');
    expect(parseCost('  ')).toBeNull();
    expect(() => parseCost('twelve')).toThrow("Cost 'twelve' is not a number.");
    expect(() => parseCost('-5')).toThrow('is not a number');
    expect(() => parseCost('12345678901')).toThrow('is too large');
    // Rounded half up to the 4 decimals the column keeps, before the size check.
    expect(parseCost('12.34565')).toBe('12.3457');
    expect(parseCost('0.00004')).toBe('0.0000');
    expect(parseCost('1,99999')).toBe('2.0000');
    expect(parseCost('9999999999.99994')).toBe('9999999999.9999');
    expect(() => parseCost('9999999999.99995')).toThrow('is too large');
  });

  it("strips 'In stock: ' and reads the leading quantity", () => {
    expect(stripInStock('In stock: 12 pcs')).toBe('12 pcs');
    expect(stripInStock('in stock:3')).toBe('3');
    expect(stripInStock('Ships in 2 weeks')).toBe('Ships in 2 weeks');
    expect(leadingQuantity('12 pcs')).toBe('12');
    expect(leadingQuantity('3,5 kg')).toBe('3.5');
    expect(leadingQuantity('Out of stock')).toBeUndefined();
    expect(leadingQuantity('>10')).toBeUndefined();
    // Rounded half up to the 2 decimals the column keeps; past the column it is no quantity.
    expect(leadingQuantity('2.345 kg')).toBe('2.35');
    expect(leadingQuantity('0,999')).toBe('1.00');
    expect(leadingQuantity('999999999999.99')).toBe('999999999999.99');
    expect(leadingQuantity('999999999999.995')).toBeUndefined();
  });

  it('normalises category paths and expands every prefix into a node', () => {
    expect(normalizeCategoryPath(' Garden >Tools>  > Spades ')).toBe('Garden > Tools > Spades');
    expect(categoryNodes(['Garden > Tools > Spades', 'Garden > Seeds'])).toEqual([
      { path: 'Garden', name: 'Garden', parent: null, depth: 0, slug: 'garden' },
      { path: 'Garden > Tools', name: 'Tools', parent: 'Garden', depth: 1, slug: 'garden-tools' },
      { path: 'Garden > Tools > Spades', name: 'Spades', parent: 'Garden > Tools', depth: 2, slug: 'garden-tools-spades' },
      { path: 'Garden > Seeds', name: 'Seeds', parent: 'Garden', depth: 1, slug: 'garden-seeds' },
    ]);
  });

  it('splits image URLs at whitespace and at commas between URLs, keeping commas inside a URL (CDN paths)', () => {
    const collector = new RowCollector(
      { sku: 'sku', name: 'name', image_urls: 'images' },
      { feedCurrencyId: null, supplierCurrencyId: null, sekId: null, byCode: new Map() },
    );
    let row = 1;
    const imagesOf = (images: string | string[]) => {
      const sku = `S${(row += 1)}`;
      const values: Record<string, string | string[]> = { sku, name: 'N', images };
      collector.add({ row, get: (key) => values[key] });
      return (JSON.parse(collector.rows.get(sku)!.json) as { image_urls: string[] }).image_urls;
    };
    const cloudinary = 'https://res.cloudinary.com/x/image/upload/w_100,h_100/a.jpg';
    expect(imagesOf(cloudinary)).toEqual([cloudinary]);
    expect(imagesOf(`${cloudinary},${cloudinary.replace('a.jpg', 'b.jpg')}`)).toEqual([cloudinary, cloudinary.replace('a.jpg', 'b.jpg')]);
    expect(imagesOf([`${cloudinary}, https://s.test/1.jpg`, 'https://s.test/2.jpg?crop=0,0,9,9'])).toEqual([
      cloudinary,
      'https://s.test/1.jpg',
      'https://s.test/2.jpg?crop=0,0,9,9',
    ]);
    // Plain lists split as before: commas, whitespace, blanks dropped, each URL once.
    expect(imagesOf('https://s.test/a.jpg,https://s.test/b.jpg  https://s.test/a.jpg,,\nhttps://s.test/c.jpg,')).toEqual([
      'https://s.test/a.jpg',
      'https://s.test/b.jpg',
      'https://s.test/c.jpg',
    ]);
    expect(imagesOf('a.jpg,b.jpg')).toEqual(['a.jpg', 'b.jpg']);
    expect(imagesOf(' ')).toEqual([]);
  });
});
