import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationBody } from '../../test/helpers.js';
import { createScratchPostgresDatabase, usesPostgres } from '../../test/test-database.js';

/**
 * A write the API answered 201 for must survive `kill -9` of the server. PGlite has had
 * durability gaps (a commit returning before its files were flushed), so this runs the real
 * server process, kills it without warning and starts it again on the same data.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Running = { child: ChildProcess; url: string };

function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      JWT_SECRET: 'durability-secret-durability-secret-0001',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Kontor is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe(`committed writes survive kill -9 (${usesPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-durability-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (usesPostgres()) {
      const scratch = await createScratchPostgresDatabase();
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every registration answered 201 before the kill', async () => {
    const first = await startServer(env);
    const bodies = Array.from({ length: 5 }, () => registrationBody());
    for (const body of bodies) {
      const res = await fetch(`${first.url}/api/user/demo_register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
    }
    // No graceful shutdown: the process dies right after the last answer.
    await killHard(first.child);

    const second = await startServer(env);
    try {
      for (const body of bodies) {
        const res = await fetch(`${second.url}/api/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: body.account.email, password: body.account.password }),
        });
        expect(res.status, `login of ${body.account.email} after kill -9`).toBe(200);
      }
    } finally {
      await killHard(second.child);
    }
  }, 120_000);
});
