import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ImageClassificationPage, ImagePage, ProductImagePage } from '@kontor/contract';
import { as, createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { keyOf, mediaFiles } from '../../modules/catalog/images.fixtures.js';
import { DEMO_CLASSIFICATIONS } from './demo-media.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('the demo image library', () => {
  it('gives demo products classified pictures, stored like uploads, each company its own files', async () => {
    const tenant = await createTenant(app, {}, { demoData: true });
    const classifications = (await as(app, tenant, { method: 'GET', url: '/api/catalog/image_classifications/' })).json<ImageClassificationPage>();
    expect(classifications.results.map((c) => [c.title, c.image_count]).sort()).toEqual([
      ['Detail', 4],
      ['Lifestyle', 10],
      ['Packshot', 10],
    ]);
    expect([...DEMO_CLASSIFICATIONS].sort()).toEqual(['Detail', 'Lifestyle', 'Packshot']);

    const images = (await as(app, tenant, { method: 'GET', url: '/api/catalog/images/' })).json<ImagePage>();
    expect(images.count).toBe(24);
    for (const image of images.results) {
      expect(image.classification).not.toBeNull();
      // A packshot also shows on the pictured product's variants; the other shots on it alone.
      if (image.classification!.title === 'Packshot') expect(image.product_ids.length).toBeGreaterThan(1);
      else expect(image.product_ids).toHaveLength(1);
      expect([image.width, image.height]).toEqual([600, 600]);
      expect(image.content_type).toBe(image.classification!.title === 'Packshot' ? 'image/png' : 'image/jpeg');
      expect(image.title).toMatch(new RegExp(` – ${image.classification!.title.toLowerCase()}$`));
      expect(mediaFiles(app)).toEqual(expect.arrayContaining([keyOf(image.url), keyOf(image.thumbnail_url)]));
    }
    const thumbnail = await app.inject({ method: 'GET', url: `/api/media/${keyOf(images.results[0]!.thumbnail_url)}` });
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');

    // A product with a detail shot shows packshot, lifestyle, detail in that order.
    const detail = images.results.find((i) => i.classification!.title === 'Detail')!;
    const ofProduct = (await as(app, tenant, { method: 'GET', url: `/api/catalog/product_images/?product=${detail.product_ids[0]}` })).json<ProductImagePage>();
    expect(ofProduct.results.map((r) => r.image.classification!.title)).toEqual(['Packshot', 'Lifestyle', 'Detail']);

    // A second demo company gets the same pictures as its own files.
    const second = await createTenant(app, {}, { demoData: true });
    const theirs = (await as(app, second, { method: 'GET', url: '/api/catalog/images/' })).json<ImagePage>();
    expect(theirs.count).toBe(24);
    const mine = new Set(images.results.map((i) => keyOf(i.url)));
    expect(theirs.results.some((i) => mine.has(keyOf(i.url)))).toBe(false);
  });
});
