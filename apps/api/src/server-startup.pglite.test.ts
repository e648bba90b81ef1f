import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from './db/seed/demo.js';

/**
 * The first start on a fresh data folder seeds the demo after the server listens (the demo
 * suppliers' feed URLs need the real port). Someone quick, or a script, can log in in that
 * second: the server must answer as if the demo were there already, not refuse the login.
 */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const login = (url: string) =>
  fetch(`${url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_LOGIN.email, password: DEMO_LOGIN.password }),
  });

describe('the first start on a fresh data folder', () => {
  it('answers the demo login from its first request, while the demo is still being seeded', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_SEED: 'true',
        JWT_SECRET: 'startup-secret-startup-secret-startup-01',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // The first request that gets through, as soon as the port takes connections.
      let first: Response | undefined;
      let printedWhenSent = '';
      const deadline = Date.now() + 90_000;
      while (!first && Date.now() < deadline) {
        printedWhenSent = output;
        first = await login(url).catch(() => undefined);
        if (!first) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(first, `server did not listen:\n${output}`).toBeDefined();
      expect(first!.status, output).toBe(200);
      expect(await first!.json()).toMatchObject({ access: expect.any(String) });
      // It was sent in time: the demo was still being seeded (the login is printed once it is done).
      expect(printedWhenSent).not.toContain('Demo login');
    } finally {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
  }, 120_000);
});
