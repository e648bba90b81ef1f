import { FEED_DEFAULTS, type FeedFormat } from '@kontor/contract';
import { CsvParser } from './csv.js';
import { FeedImportError } from './errors.js';
import { XmlItemReader } from './xml.js';

/** A value as the file gives it: text, or a list (XML repeated elements, JSON arrays). */
export type RawValue = string | string[] | undefined;
/** One product of the file, before validation; `row` counts products from 1. */
export type RawRecord = { row: number; get: (key: string) => RawValue };

export type RecordReader = { write: (text: string) => void; end: () => void };

/** JSON is parsed whole (see `jsonReader`), so its size is capped lower than the other formats'. */
export const MAX_JSON_CHARS = 64 * 1024 * 1024;

/**
 * A streaming reader for the feed's format that hands each product over as a `RawRecord`.
 * `mappedKeys` are the file's columns/keys the mapping names: for CSV every one of them must
 * be in the header, or the file is refused before any row is read.
 */
export function createRecordReader(
  format: FeedFormat,
  options: Record<string, string>,
  mappedKeys: readonly string[],
  onRecord: (record: RawRecord) => void,
): RecordReader {
  switch (format) {
    case 'CSV':
      return csvReader(options.delimiter || FEED_DEFAULTS.delimiter, mappedKeys, onRecord);
    case 'XML':
      return xmlReader(options.item || FEED_DEFAULTS.item, onRecord);
    case 'JSON':
      return jsonReader(options.path ?? FEED_DEFAULTS.path, onRecord);
  }
}

function csvReader(delimiter: string, mappedKeys: readonly string[], onRecord: (record: RawRecord) => void): RecordReader {
  let columns: Map<string, number> | undefined;
  let row = 0;
  const parser = new CsvParser(delimiter, (fields) => {
    if (!columns) {
      columns = headerColumns(fields, mappedKeys);
      return;
    }
    row += 1;
    const at = columns;
    onRecord({ row, get: (key) => fields[at.get(key) ?? -1] });
  });
  return {
    write: (text) => parser.write(text),
    end: () => {
      parser.end();
      if (!columns) throw new FeedImportError('The file is empty: there is no header row.');
    },
  };
}

/** Header names to column positions; a mapped name must match exactly, or else ignoring case and spaces around it. */
function headerColumns(header: string[], mappedKeys: readonly string[]): Map<string, number> {
  const exact = new Map<string, number>();
  const loose = new Map<string, number>();
  header.forEach((name, i) => {
    if (!exact.has(name)) exact.set(name, i);
    const key = name.trim().toLowerCase();
    if (!loose.has(key)) loose.set(key, i);
  });
  const columns = new Map<string, number>();
  const missing: string[] = [];
  for (const key of mappedKeys) {
    const index = exact.get(key) ?? loose.get(key.trim().toLowerCase());
    if (index === undefined) missing.push(key);
    else columns.set(key, index);
  }
  if (missing.length) {
    const shown = header
      .slice(0, 20)
      .map((h) => `'${h}'`)
      .join(', ');
    throw new FeedImportError(
      `The file has no column ${missing.map((m) => `'${m}'`).join(', ')} (its columns: ${shown}). Check the column mapping and the delimiter.`,
    );
  }
  return columns;
}

function xmlReader(item: string, onRecord: (record: RawRecord) => void): RecordReader {
  let row = 0;
  const reader = new XmlItemReader(item, (values) => {
    row += 1;
    onRecord({
      row,
      get: (key) => {
        const found = values.get(key);
        if (!found) return undefined;
        return found.length === 1 ? found[0] : found;
      },
    });
  });
  return {
    write: (text) => reader.write(text),
    end: () => {
      reader.end();
      if (row === 0) throw new FeedImportError(`The file has no <${item}> elements. Check the item element name.`);
    },
  };
}

/** A JSON value as feed text: scalars as strings, lists of scalars as lists, anything else absent. */
function jsonValue(value: unknown): RawValue {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(jsonValue).filter((v): v is string => typeof v === 'string');
    return items;
  }
  return undefined;
}

/** `obj[key]`, else the dotted path 'price.amount' through nested objects. */
function lookup(obj: Record<string, unknown>, key: string): unknown {
  if (key in obj) return obj[key];
  let current: unknown = obj;
  for (const part of key.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * JSON is read whole and parsed by the engine's JSON.parse: a streaming JSON parser would be
 * a lot of code for little gain, since the rows are kept in memory until the write anyway and
 * JSON.parse is fast. The text is capped at MAX_JSON_CHARS to bound memory.
 */
function jsonReader(path: string, onRecord: (record: RawRecord) => void): RecordReader {
  const parts: string[] = [];
  let size = 0;
  return {
    write: (text) => {
      size += text.length;
      if (size > MAX_JSON_CHARS) throw new FeedImportError(`The JSON file is larger than ${MAX_JSON_CHARS / 1024 / 1024} MB.`);
      parts.push(text);
    },
    end: () => {
      let doc: unknown;
      try {
        doc = JSON.parse(parts.join('').replace(/^\uFEFF/, ''));
      } catch (err) {
        throw new FeedImportError(`The file is not valid JSON: ${(err as Error).message}.`);
      }
      parts.length = 0;
      let items: unknown = doc;
      if (path) {
        for (const key of path.split('.')) {
          items = items !== null && typeof items === 'object' && !Array.isArray(items) ? (items as Record<string, unknown>)[key] : undefined;
        }
      }
      if (!Array.isArray(items)) {
        throw new FeedImportError(
          path ? `The JSON file has no list of products at '${path}'.` : 'The JSON file is not a list of products. Set the path to the list.',
        );
      }
      items.forEach((item, index) => {
        const row = index + 1;
        if (item === null || typeof item !== 'object' || Array.isArray(item)) {
          onRecord({ row, get: () => undefined });
          return;
        }
        const obj = item as Record<string, unknown>;
        onRecord({ row, get: (key) => jsonValue(lookup(obj, key)) });
      });
    },
  };
}
