import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageResponse, UploadImagesResponse } from '@kontor/contract';
import { as, type Tenant, type TestApp } from '../../../test/helpers.js';
import { multipartForm, type FormPart } from '../../../test/multipart.js';

export const IMAGES_URL = '/api/catalog/images/';

type Format = 'png' | 'jpeg' | 'webp' | 'gif';

/** A real image of a solid colour, encoded by sharp. */
export function makeImage(format: Format, width: number, height: number, colour = { r: 40, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** Random pixels compress badly: a real PNG of roughly width x height x 3 bytes. */
export function makeNoisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const fileParts = (files: { filename: string; data: Buffer }[]): FormPart[] => files.map((f) => ({ name: 'files', filename: f.filename, data: f.data }));

export const uploadForm = (app: TestApp, tenant: Tenant | null, parts: FormPart[]) =>
  as(app, tenant, { method: 'POST', url: IMAGES_URL, ...multipartForm(parts) });

/** Uploads real images and returns them; fails the test when any was refused. */
export async function uploadImages(app: TestApp, tenant: Tenant, names: string[], fields: FormPart[] = []): Promise<ImageResponse[]> {
  const files = await Promise.all(names.map(async (filename, i) => ({ filename, data: await makeImage('png', 40 + i, 30 + i) })));
  const res = await uploadForm(app, tenant, [...fields, ...fileParts(files)]);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const body = res.json<UploadImagesResponse>();
  if (body.failed) throw new Error(`upload refused files: ${res.body}`);
  return body.results.map((r) => r.image!);
}

export const mediaFiles = (app: TestApp) => {
  const dir = path.join(app.deps.config.dataDir, 'media');
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')) : [];
};

export const keyOf = (url: string) => url.split('/api/media/')[1]!;
