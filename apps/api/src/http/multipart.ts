import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '@kontor/contract';
import { badRequest } from './errors.js';

/** Text fields of an upload form are short: ids, a list of URLs. */
export const FORM_FIELD_BYTES = 256 * 1024;

/** An uploaded file as read from the request: at most the plugin's fileSize limit, `truncated` when it was larger. */
export type ReceivedFile = { filename: string; data: Buffer; truncated: boolean };

export type MultipartForm = {
  /** The text fields, each with every value sent under its name. */
  fields: Record<string, string[]>;
  /** File parts under another name than the expected one, text fields over FORM_FIELD_BYTES. */
  errors: FieldErrors;
};

/**
 * Reads a multipart/form-data request (@fastify/multipart registered with throwFileSizeLimit
 * off) part by part. Each file under `fileField` is handed to `onFile` before the next part is
 * read: the parts share one stream, and only one file is held in memory at a time. When this
 * throws (a broken or over-limit request), files `onFile` already stored are the caller's to remove.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  { fileField, onFile }: { fileField: string; onFile: (file: ReceivedFile) => Promise<void> },
): Promise<MultipartForm> {
  // Without a prototype, a part named `__proto__` is a field like any other, not Object.prototype.
  const fields: Record<string, string[]> = Object.create(null);
  const errors: FieldErrors = Object.create(null);
  const parts = unreadable(() => request.parts());
  try {
    for (;;) {
      const next = await unreadable(() => parts.next());
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        const data = await unreadable(() => part.toBuffer());
        if (part.fieldname !== fileField) {
          errors[part.fieldname] = ['Unknown field.'];
          continue;
        }
        await onFile({ filename: part.filename, data, truncated: part.file.truncated });
      } else if (part.valueTruncated) {
        errors[part.fieldname] = [`Ensure this field has no more than ${FORM_FIELD_BYTES} bytes.`];
      } else {
        (fields[part.fieldname] ??= []).push(String(part.value));
      }
    }
  } catch (err) {
    await parts.return?.(undefined).catch(() => undefined);
    throw err;
  }
  return { fields, errors };
}

export const MULTIPART_UNREADABLE = 'The multipart/form-data body could not be read.';

/**
 * Runs one step of reading the form. The parser's own errors (no boundary, a cut-off body, a broken
 * part header) carry no status and would be a 500: they are the client's, a 400. The plugin's limits
 * (413) and content-type refusal (406) keep their status.
 */
function unreadable<T>(step: () => T): T {
  const refuse = (err: unknown): never => {
    const status = (err as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw err;
    throw badRequest({ non_field_errors: [MULTIPART_UNREADABLE] });
  };
  try {
    const result = step();
    return (result instanceof Promise ? result.catch(refuse) : result) as T;
  } catch (err) {
    return refuse(err);
  }
}
