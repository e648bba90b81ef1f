import type { IMAGE_UPLOAD_TYPES } from '@kontor/contract';

export type ImageType = { contentType: (typeof IMAGE_UPLOAD_TYPES)[number]; extension: 'png' | 'jpg' | 'webp' | 'gif' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (data: Buffer, bytes: number[], offset = 0) => data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
const ascii = (data: Buffer, text: string, offset = 0) => data.length >= offset + text.length && data.toString('latin1', offset, offset + text.length) === text;

/**
 * What an uploaded file is, by its first bytes: a name or a Content-Type header is the client's
 * claim, and a file served back as an image must be one (an HTML file "named" .png would
 * otherwise be served from our origin).
 */
export function sniffImage(data: Buffer): ImageType | null {
  if (startsWith(data, PNG)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a')) return { contentType: 'image/gif', extension: 'gif' };
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8)) return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

const BY_EXTENSION: Record<string, ImageType['contentType']> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** The content type a stored key is served with; null for anything that is not one of our images. */
export const contentTypeOfKey = (key: string): ImageType['contentType'] | null => BY_EXTENSION[key.slice(key.lastIndexOf('.') + 1)] ?? null;

/** Where a stored file is served (ADR 0009): absolute, since the URL goes into catalog products and <img> tags. */
export const mediaUrl = (publicUrl: string, key: string) => `${publicUrl.replace(/\/$/, '')}/api/media/${key}`;
