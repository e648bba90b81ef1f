import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { mediaStorage, newStorageKey } from '../../lib/storage.js';
import { contentTypeOfKey, sniffImage } from './images.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

const GIF = Buffer.from('GIF89a tiny');

describe('GET /api/media/<key>', () => {
  it('serves a stored file without a token, with its type and a year of immutable caching', async () => {
    const key = newStorageKey('gif');
    await mediaStorage(app.deps.config).put(key, GIF);
    const res = await app.inject({ method: 'GET', url: `/api/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(GIF)).toBe(true);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['content-length']).toBe(String(GIF.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A token is not needed, and one that is wrong does not matter either.
    const withBadToken = await app.inject({ method: 'GET', url: `/api/media/${key}/`, headers: { authorization: 'Bearer nonsense' } });
    expect(withBadToken.statusCode).toBe(200);
  });

  it('answers 404 for unknown keys, other extensions and anything that tries to leave the media folder', async () => {
    // Files beside the media folder that a traversal would reach.
    writeFileSync(path.join(app.deps.config.dataDir, 'secret.png'), GIF);
    const storage = mediaStorage(app.deps.config);
    const htmlKey = `${newStorageKey('gif').split('.')[0]}.html`;
    await storage.put(htmlKey, Buffer.from('<script>alert(1)</script>'));
    for (const key of [
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png',
      '..%2Fsecret.png',
      '%2E%2E%2Fsecret.png',
      '..%2F..%2Fjwt-secret',
      '..%5Csecret.png',
      'jwt-secret',
      htmlKey,
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/media/${key}` });
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('storage keys and image types', () => {
  it('refuses keys that are paths and recognises images by their first bytes', async () => {
    const storage = mediaStorage(app.deps.config);
    await expect(storage.put('../escape.png', GIF)).rejects.toThrow(/invalid storage key/);
    expect(await storage.read('../secret.png')).toBeNull();
    await storage.remove(newStorageKey('png'));
    expect(newStorageKey('png')).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(sniffImage(Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF8'))).toBeNull();
    expect(contentTypeOfKey('abc.webp')).toBe('image/webp');
    expect(contentTypeOfKey('abc.svg')).toBeNull();
  });
});
