import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { PUBLISH_FILE_NAMES } from '@kontor/contract';
import type { Config } from '../../../config.js';

/**
 * Published files (ADR 0013) live under DATA_DIR/exports/<token>/<file>. The token is random
 * (192 bits) and is the capability to read them: Google and Meta fetch a feed by its URL and
 * send no credentials. A file appears whole or not at all (written aside, then renamed), so a
 * channel that fetches while a publish runs never reads half a feed.
 */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const FILES = new Set(Object.values(PUBLISH_FILE_NAMES));

export const newExportToken = () => randomBytes(24).toString('base64url');

export const exportUrl = (publicUrl: string, token: string, file: string) => `${publicUrl.replace(/\/$/, '')}/api/exports/${token}/${file}`;

export const CONTENT_TYPES: Record<string, string> = {
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** A file written whole under a name of its own, not yet under its name. */
export type StagedFile = {
  /** Puts it under its name, replacing the file there at once. */
  commit: () => Promise<void>;
  /** Removes it, leaving the file under its name as it was. */
  discard: () => Promise<void>;
};

export type ExportFiles = {
  /** Writes a file chunk by chunk aside; `commit` then puts it under its name. */
  stage: (token: string, file: string, chunks: AsyncIterable<string>) => Promise<StagedFile>;
  /** Writes a file chunk by chunk; resolves once it is complete under its name. */
  write: (token: string, file: string, chunks: AsyncIterable<string>) => Promise<void>;
  read: (token: string, file: string) => Promise<{ stream: Readable; size: number } | null>;
  /** Tokens whose folder nothing was written to since `before`. */
  writtenBefore: (before: Date) => Promise<string[]>;
  /** Removes a token's folder and its files. */
  remove: (token: string) => Promise<void>;
};

export function exportFiles(config: Pick<Config, 'dataDir'>): ExportFiles {
  const root = path.join(config.dataDir, 'exports');
  const pathOf = (token: string, file: string) => {
    // Both parts are checked before they touch a path: no '..', no '/', only our own file names.
    if (!TOKEN.test(token) || !FILES.has(file)) return null;
    return path.join(root, token, file);
  };
  const stage = async (token: string, file: string, chunks: AsyncIterable<string>): Promise<StagedFile> => {
    const target = pathOf(token, file);
    if (!target) throw new Error(`invalid export file ${token}/${file}`);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
    const out = createWriteStream(temp, { flags: 'wx' });
    try {
      for await (const chunk of chunks) {
        if (!out.write(chunk)) await new Promise<void>((resolve, reject) => out.once('drain', resolve).once('error', reject));
      }
      out.end();
      await finished(out);
    } catch (err) {
      out.destroy();
      await rm(temp, { force: true });
      throw err;
    }
    return { commit: () => rename(temp, target), discard: () => rm(temp, { force: true }) };
  };
  return {
    stage,
    async write(token, file, chunks) {
      const staged = await stage(token, file, chunks);
      try {
        await staged.commit();
      } catch (err) {
        await staged.discard();
        throw err;
      }
    },
    async writtenBefore(before) {
      const entries = await readdir(root, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      const tokens: string[] = [];
      for (const entry of entries) {
        if (!entry.isDirectory() || !TOKEN.test(entry.name)) continue;
        // A file renamed into the folder moves its mtime: it tells the last publish.
        if ((await stat(path.join(root, entry.name))).mtime < before) tokens.push(entry.name);
      }
      return tokens;
    },
    async remove(token) {
      if (!TOKEN.test(token)) throw new Error(`invalid export token ${token}`);
      await rm(path.join(root, token), { recursive: true, force: true });
    },
    async read(token, file) {
      const target = pathOf(token, file);
      if (!target) return null;
      try {
        const info = await stat(target);
        return info.isFile() ? { stream: createReadStream(target), size: info.size } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
