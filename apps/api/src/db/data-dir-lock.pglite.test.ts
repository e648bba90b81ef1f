import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from './client.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'kontor-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database belongs to one process', () => {
  it('refuses a second opener while the first holds it, and lets the next one in after close', async () => {
    const dir = path.join(root, 'db');
    const first = await openDatabase({ pgliteDir: dir });
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    // Another process's pid (the test runner's parent is alive), as a second server would find it.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`in use by process ${process.ppid}`);
    writeFileSync(`${dir}.lock`, String(process.pid));
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  });

  it('takes over the lock of a process that is gone (killed, crashed)', async () => {
    const dir = path.join(root, 'db-stale');
    // No process has this pid: far above Linux's default pid_max.
    writeFileSync(`${dir}.lock`, '99999999');
    const database = await openDatabase({ pgliteDir: dir });
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await database.close();
  });
});
