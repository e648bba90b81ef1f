import { FeedImportError } from './errors.js';

const QUOTE = 34; // "
const CR = 13;
const LF = 10;
const BOM = 0xfeff;

/**
 * A streaming RFC 4180 CSV parser: quoted fields with escaped quotes ("") and embedded line
 * breaks, CRLF or LF line ends, a delimiter of choice, a leading byte order mark skipped.
 * Text arrives in chunks of any size (a quote pair or a CRLF may be split between two);
 * each complete record goes to `onRecord`. Blank lines are skipped. It is lenient where
 * suppliers' files commonly are not strict (a quote inside an unquoted field is kept as is)
 * and strict where the file cannot be understood (a quoted field that never closes).
 */
export class CsvParser {
  private readonly delimiter: number;
  private field = '';
  private record: string[] = [];
  private inQuotes = false;
  /** Inside quotes, the previous character was a quote: "" (escaped) or the closing one. */
  private quoteSeen = false;
  /** The current field began with a quote (so it was quoted, even if empty). */
  private fieldQuoted = false;
  private skipLf = false;
  private started = false;
  private ended = false;

  constructor(
    delimiter: string,
    private readonly onRecord: (fields: string[]) => void,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  write(chunk: string): void {
    if (this.ended) throw new Error('CsvParser: write after end');
    const n = chunk.length;
    if (n === 0) return;
    let i = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) i = 1;
    }
    let start = i;
    while (i < n) {
      if (this.inQuotes) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (chunk.charCodeAt(i) === QUOTE) {
            this.field += '"';
            i += 1;
            start = i;
            continue;
          }
          // The previous quote closed the field; this character is read as unquoted below.
          this.inQuotes = false;
          start = i;
        } else {
          const q = chunk.indexOf('"', i);
          if (q === -1) {
            this.field += chunk.slice(i);
            i = n;
            start = n;
            break;
          }
          this.field += chunk.slice(i, q);
          this.quoteSeen = true;
          i = q + 1;
          start = i;
          continue;
        }
      }
      const c = chunk.charCodeAt(i);
      if (this.skipLf) {
        this.skipLf = false;
        if (c === LF) {
          i += 1;
          start = i;
          continue;
        }
      }
      if (c === this.delimiter) {
        this.field += chunk.slice(start, i);
        this.endField();
        i += 1;
        start = i;
      } else if (c === LF || c === CR) {
        this.field += chunk.slice(start, i);
        this.endField();
        this.endRecord();
        this.skipLf = c === CR;
        i += 1;
        start = i;
      } else if (c === QUOTE && start === i && this.field === '' && !this.fieldQuoted) {
        this.inQuotes = true;
        this.fieldQuoted = true;
        i += 1;
        start = i;
      } else {
        i += 1;
      }
    }
    if (!this.inQuotes && start < n) this.field += chunk.slice(start, n);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.inQuotes && !this.quoteSeen) throw new FeedImportError('The file is not valid CSV: a quoted field is never closed.');
    this.inQuotes = false;
    if (this.field !== '' || this.fieldQuoted || this.record.length > 0) {
      this.endField();
      this.endRecord();
    }
  }

  private endField() {
    this.record.push(this.field);
    this.field = '';
    this.fieldQuoted = false;
  }

  private endRecord() {
    const record = this.record;
    this.record = [];
    if (record.length === 1 && record[0] === '') return;
    this.onRecord(record);
  }
}

/** Parses a whole CSV text (tests, small files). */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const out: string[][] = [];
  const parser = new CsvParser(delimiter, (r) => out.push(r));
  parser.write(text);
  parser.end();
  return out;
}
