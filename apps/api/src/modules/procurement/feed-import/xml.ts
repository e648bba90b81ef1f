import { FeedImportError } from './errors.js';

/** One item's values: relative element path ('name', 'images.image') or '@attribute' to its texts, in order. */
export type XmlItem = Map<string, string[]>;

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{0,30});/g;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const NAME_END = /[\s/>]/;

/**
 * Resolves XML's five entities and character references. An unknown named entity (an HTML
 * one such as &nbsp;) or a bare '&' is kept as written: supplier files have them, and one
 * product's description is no reason to refuse the whole file.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[ref] ?? whole;
  });
}

const invalid = (why: string) => new FeedImportError(`The file is not valid XML: ${why}.`);

type Open = { name: string; text: string };

/**
 * A small streaming XML reader for feeds: it checks that tags nest and close, and hands over
 * every element named `item` (outside another one) as a map of its descendants' texts.
 * Comments, processing instructions and a DOCTYPE are skipped; CDATA is text. Namespaces
 * are not resolved: 'g:price' is matched as written. Text arrives in chunks of any size.
 */
export class XmlItemReader {
  private buf = '';
  /** Open elements from the root. */
  private readonly stack: string[] = [];
  /** Depth of the open item element in `stack`, or -1. */
  private itemDepth = -1;
  /** Open elements inside the item, each with the text gathered so far. */
  private fields: Open[] = [];
  private item: XmlItem = new Map();
  private sawRoot = false;
  private ended = false;

  constructor(
    private readonly itemName: string,
    private readonly onItem: (item: XmlItem) => void,
  ) {}

  write(chunk: string): void {
    if (this.ended) throw new Error('XmlItemReader: write after end');
    this.buf += chunk;
    this.parse(false);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.parse(true);
    if (this.stack.length) throw invalid(`it ends inside <${this.stack[this.stack.length - 1]}>`);
    if (!this.sawRoot) throw invalid('there is no root element');
  }

  private parse(final: boolean) {
    const buf = this.buf;
    let pos = 0;
    const n = buf.length;
    while (pos < n) {
      const lt = buf.indexOf('<', pos);
      if (lt === -1) {
        // Text may end in a split entity: keep it until the next '<' unless the file is done.
        if (final) this.text(buf.slice(pos));
        else break;
        pos = n;
        break;
      }
      if (lt > pos) this.text(buf.slice(pos, lt));
      pos = lt;
      const next = buf.charCodeAt(pos + 1);
      if (next === 33 /* ! */) {
        if (buf.startsWith('<!--', pos)) {
          const end = buf.indexOf('-->', pos + 4);
          if (end === -1) break;
          pos = end + 3;
          continue;
        }
        if (buf.startsWith('<![CDATA[', pos)) {
          const end = buf.indexOf(']]>', pos + 9);
          if (end === -1) break;
          this.text(buf.slice(pos + 9, end), true);
          pos = end + 3;
          continue;
        }
        // A prefix of '<!--' or '<![CDATA[' may be all that has arrived yet.
        if (!final && n - pos < 9) break;
        if (buf.startsWith('<!DOCTYPE', pos) || buf.startsWith('<!doctype', pos)) {
          const end = this.doctypeEnd(buf, pos);
          if (end === -1) break;
          pos = end + 1;
          continue;
        }
        throw invalid("unexpected '<!'");
      }
      if (next === 63 /* ? */) {
        const end = buf.indexOf('?>', pos + 2);
        if (end === -1) break;
        pos = end + 2;
        continue;
      }
      if (Number.isNaN(next)) break;
      const gt = this.tagEnd(buf, pos + 1);
      if (gt === -1) break;
      this.tag(buf.slice(pos + 1, gt));
      pos = gt + 1;
    }
    this.buf = buf.slice(pos);
    if (final && this.buf) {
      throw invalid(this.buf.startsWith('<') ? 'it ends inside a tag, comment or CDATA section' : 'unexpected end of file');
    }
  }

  /** The '>' that ends a tag starting at `from`, outside quoted attribute values; -1 if not here yet. */
  private tagEnd(buf: string, from: number): number {
    let quote = 0;
    for (let i = from; i < buf.length; i += 1) {
      const c = buf.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62) return i;
      else if (c === 60) throw invalid("'<' inside a tag");
    }
    return -1;
  }

  private doctypeEnd(buf: string, from: number): number {
    let depth = 0;
    for (let i = from + 2; i < buf.length; i += 1) {
      const c = buf[i];
      if (c === '[') depth += 1;
      else if (c === ']') depth -= 1;
      else if (c === '>' && depth <= 0) return i;
    }
    return -1;
  }

  private tag(inner: string) {
    if (inner.startsWith('/')) {
      const name = inner.slice(1).trim();
      const open = this.stack[this.stack.length - 1];
      if (open === undefined) throw invalid(`</${name}> closes nothing`);
      if (open !== name) throw invalid(`<${open}> is closed by </${name}>`);
      this.close();
      return;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const nameEnd = body.search(NAME_END);
    const name = nameEnd === -1 ? body : body.slice(0, nameEnd);
    if (!name || !/^[^\d\s.-][^\s]*$/.test(name)) throw invalid(`bad element name '<${inner.slice(0, 40)}>'`);
    if (this.stack.length === 0) {
      if (this.sawRoot) throw invalid(`a second root element <${name}>`);
      this.sawRoot = true;
    }
    this.stack.push(name);
    if (this.itemDepth === -1) {
      if (name === this.itemName) {
        this.itemDepth = this.stack.length - 1;
        this.item = new Map();
        this.fields = [];
        if (nameEnd !== -1) {
          for (const m of body.slice(nameEnd).matchAll(ATTRIBUTE)) this.add(`@${m[1]}`, decodeEntities(m[2] ?? m[3] ?? ''));
        }
      }
    } else {
      this.fields.push({ name, text: '' });
    }
    if (selfClosing) this.close();
  }

  private close() {
    const depth = this.stack.length - 1;
    this.stack.pop();
    if (this.itemDepth === -1) return;
    if (depth === this.itemDepth) {
      this.itemDepth = -1;
      this.onItem(this.item);
      return;
    }
    const path = this.fields.map((f) => f.name).join('.');
    const field = this.fields.pop()!;
    this.add(path, field.text.trim());
    // An element's text is all the text inside it, its children's too.
    const parent = this.fields[this.fields.length - 1];
    if (parent) parent.text += field.text;
  }

  private add(key: string, value: string) {
    const values = this.item.get(key);
    if (values) values.push(value);
    else this.item.set(key, [value]);
  }

  private text(raw: string, cdata = false) {
    if (this.stack.length === 0) {
      if (raw.trim()) throw invalid('text outside the root element');
      return;
    }
    const field = this.fields[this.fields.length - 1];
    if (field && this.itemDepth !== -1) field.text += cdata ? raw : decodeEntities(raw);
  }
}

/** Reads a whole XML text (tests, small files). */
export function readXmlItems(text: string, item: string): XmlItem[] {
  const out: XmlItem[] = [];
  const reader = new XmlItemReader(item, (i) => out.push(i));
  reader.write(text);
  reader.end();
  return out;
}
