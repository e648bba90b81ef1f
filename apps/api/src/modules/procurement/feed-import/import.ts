import { TextDecoder } from 'node:util';
import { eq } from 'drizzle-orm';
import { FEED_MAPPING_FIELDS, type FeedImportResult } from '@kontor/contract';
import type { DbOrTx } from '../../../db/client.js';
import { currencies, procurementSuppliers } from '../../../db/schema/index.js';
import { downloadFeed, type DownloadOptions } from './download.js';
import { FeedImportError } from './errors.js';
import { createRecordReader } from './records.js';
import { RowCollector, type CurrencyRules, type FeedMapping } from './rows.js';
import { writeFeedImport, type FeedForImport, type WriteOptions } from './write.js';

export type { FeedForImport } from './write.js';

export type ImportOptions = WriteOptions & {
  /** Outside any transaction, while the file is read: lets a job write its progress. */
  saveProgress?: (() => Promise<void>) | undefined;
  /** The text encoding of byte chunks (default UTF-8; a byte order mark is skipped). */
  charset?: string | undefined;
};

/** A feed's file as bytes or text, in chunks (a node Readable, a fetch body) or whole. */
export type FeedSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string> | string | Uint8Array;

async function currencyRules(db: DbOrTx, feed: FeedForImport): Promise<CurrencyRules> {
  const rows = await db.select({ id: currencies.id, code: currencies.code }).from(currencies);
  const [supplier] = await db
    .select({ currencyId: procurementSuppliers.currencyId })
    .from(procurementSuppliers)
    .where(eq(procurementSuppliers.id, feed.supplierId));
  const byCode = new Map(rows.map((r) => [r.code.toUpperCase(), r.id]));
  return { feedCurrencyId: feed.currencyId, supplierCurrencyId: supplier?.currencyId ?? null, sekId: byCode.get('SEK') ?? null, byCode };
}

function decoderFor(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    // A charset Node does not know: UTF-8 is what nearly every feed is.
    return new TextDecoder('utf-8');
  }
}

/**
 * The encoding an XML file declares in its first bytes (`<?xml version="1.0" encoding="ISO-8859-1"?>`),
 * if any. Read when the server named no charset (which, if named, wins: RFC 7303): a Latin-1 feed
 * read as UTF-8 would store "Trädgård" as "Tr\uFFFDdg\uFFFDrd".
 */
export function declaredXmlEncoding(head: Uint8Array): string | undefined {
  const text = Buffer.from(head.subarray(0, 512)).toString('latin1');
  return /^(?:\xEF\xBB\xBF)?\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(text)?.[1];
}

/** How much of an XML file is enough to read its declaration (`declaredXmlEncoding` looks no further). */
const HEAD_BYTES = 512;

const chunksOf = (source: FeedSource): AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string> =>
  typeof source === 'string' || source instanceof Uint8Array ? [source] : source;

/**
 * Reads and validates the whole file into memory (nothing is written yet). A file that
 * cannot be read as its format, or that has no importable rows, throws FeedImportError.
 */
export async function parseFeed(db: DbOrTx, feed: FeedForImport, source: FeedSource, options: ImportOptions = {}): Promise<RowCollector> {
  const mapping = Object.fromEntries(FEED_MAPPING_FIELDS.flatMap((f) => (feed.columnMapping[f] ? [[f, feed.columnMapping[f]]] : []))) as FeedMapping;
  if (!mapping.sku || !mapping.name) throw new FeedImportError('The column mapping must name the sku and name columns.');
  const collector = new RowCollector(mapping, await currencyRules(db, feed));
  const reader = createRecordReader(feed.format, feed.options, [...new Set(Object.values(mapping))], (record) => collector.add(record));
  // Made at the first bytes: an XML file may declare its encoding there. Without a charset from
  // the server, an XML file's bytes are held until its first '>' (the end of the declaration, if
  // it has one) or HEAD_BYTES have come: a first chunk may end inside the declaration.
  let decoder: TextDecoder | undefined;
  let head: Buffer | undefined;
  const readsDeclaration = feed.format === 'XML' && !options.charset;
  const decode = (bytes: Uint8Array, final: boolean): string => {
    if (!decoder) {
      head = head ? Buffer.concat([head, bytes]) : Buffer.from(bytes);
      if (readsDeclaration && !final && head.length < HEAD_BYTES && !head.includes(0x3e)) return '';
      decoder = decoderFor(options.charset ?? (readsDeclaration ? declaredXmlEncoding(head) : undefined));
      bytes = head;
      head = undefined;
    }
    return final ? decoder.decode(bytes) : decoder.decode(bytes, { stream: true });
  };
  for await (const chunk of chunksOf(source)) {
    options.signal?.throwIfAborted();
    reader.write(typeof chunk === 'string' ? chunk : decode(chunk, false));
    options.onProgress?.(collector.rowsTotal, null);
    await options.saveProgress?.();
  }
  if (decoder || head) reader.write(decode(new Uint8Array(0), true));
  reader.end();
  options.onProgress?.(collector.rowsTotal, null);
  // An empty or wholly unreadable file is far more likely a supplier's glitch or a wrong
  // mapping than a supplier who sells nothing: refusing it keeps every product as it was.
  if (collector.rowsTotal === 0) throw new FeedImportError('The file has no products; nothing was changed.');
  if (collector.rows.size === 0) {
    const first = collector.errors[0];
    throw new FeedImportError(
      `None of the file's ${collector.rowsTotal} rows could be imported${first ? ` (row ${first.row}: ${first.message})` : ''}; nothing was changed. Check the column mapping.`,
    );
  }
  return collector;
}

/**
 * Imports a feed's file from any source, without HTTP or a job: the demo seed and the bench
 * call it directly. Reads and validates everything first, then writes it in one transaction.
 */
export async function importFeedFromStream(db: DbOrTx, feed: FeedForImport, source: FeedSource, options: ImportOptions = {}): Promise<FeedImportResult> {
  const collected = await parseFeed(db, feed, source, options);
  options.signal?.throwIfAborted();
  return writeFeedImport(db, feed, collected, options);
}

/** Downloads the feed's URL and imports it (what a feed's job does). */
export async function importFeed(
  db: DbOrTx,
  feed: FeedForImport & { url: string },
  options: ImportOptions & Omit<DownloadOptions, 'signal'>,
): Promise<FeedImportResult> {
  const download = await downloadFeed(feed.url, options);
  return importFeedFromStream(db, feed, download.body, { ...options, charset: options.charset ?? download.charset });
}
