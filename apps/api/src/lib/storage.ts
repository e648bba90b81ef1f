import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';

/**
 * Where uploaded files live (DESIGN §2: under DATA_DIR/media behind a small interface, so an
 * S3-compatible backend can replace it later). Keys are flat names the storage hands out; a
 * key is also the capability to read the file, so it is random and unguessable.
 */
export type Storage = {
  put: (key: string, data: Buffer) => Promise<void>;
  /** The file and its size, or null when there is none under that key. */
  read: (key: string) => Promise<{ stream: Readable; size: number } | null>;
  /** Removing a missing key is not an error: the goal, no file, is met. */
  remove: (key: string) => Promise<void>;
};

/** Letters, digits, '-' and '_', with an optional extension: never a path, never '..'. */
const KEY = /^[A-Za-z0-9_-]{16,128}(\.[a-z0-9]{1,8})?$/;
export const isStorageKey = (key: string) => KEY.test(key);

/** A new random key (192 bits) with the given extension, e.g. 'Xk3...q.png'. */
export const newStorageKey = (extension: string) => `${randomBytes(24).toString('base64url')}.${extension}`;

export function localStorage(dir: string): Storage {
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const temp = path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async read(key) {
      if (!isStorageKey(key)) return null;
      const file = path.join(dir, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** The app's media storage: `${DATA_DIR}/media`. */
export const mediaStorage = (config: Pick<Config, 'dataDir'>): Storage => localStorage(path.join(config.dataDir, 'media'));
