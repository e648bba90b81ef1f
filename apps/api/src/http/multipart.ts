import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '@kontor/contract';

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
  const fields: Record<string, string[]> = {};
  const errors: FieldErrors = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
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
  return { fields, errors };
}
