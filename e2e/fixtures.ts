import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');

/** A real SMTP server on 127.0.0.1 that keeps every mail the app sends. */
export type Mailbox = {
  url: string;
  messages: { to: string[]; raw: string }[];
  /** Waits for a mail to `to` and answers its decoded body. */
  waitFor: (to: string, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
};

async function startMailbox(): Promise<Mailbox> {
  const messages: Mailbox['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find((m) => m.to.includes(to.toLowerCase()));
        // Undo quoted-printable soft breaks and escapes so links and tokens read whole.
        if (found) return found.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The built app (node apps/api/dist/server.js) on a fresh embedded database and a free port. */
export type KontorServer = { url: string; dataDir: string; stop: () => Promise<void> };

export async function startKontor(env: Record<string, string> = {}): Promise<KontorServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      LOGIN_MAX_FAILURES_PER_IP: '10000',
      // The tests' feed and storefront servers listen on 127.0.0.1 (the SSRF guard refuses it by default).
      OUTBOUND_ALLOW_PRIVATE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Kontor did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Kontor is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Kontor exited with ${code} before it started:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = { email: 'demo@kontor.test', password: 'kontor-demo-2026' } as const;

type WorkerFixtures = { mailbox: Mailbox; kontor: KontorServer };

export const test = base.extend<{ failOnConsoleError: void }, WorkerFixtures>({
  mailbox: [
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  kontor: [
    async ({ mailbox }, use) => {
      const server = await startKontor({ SMTP_URL: mailbox.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ kontor }, use) => use(kontor.url),
  // An uncaught page error is a failed test; the app must never throw at the user.
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let sequence = 0;
export const uniqueEmail = (prefix = 'operator') => `${prefix}-${Date.now()}-${(sequence += 1)}@shop.test`;

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export type Account = { email: string; password: string; firstName: string; companyName: string };

/** Registers a fresh company through the public API, as the onboarding screen would. */
export async function registerViaApi(baseURL: string, overrides: Partial<Account> = {}): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(),
    password: 'a-long-enough-password',
    firstName: 'Greta',
    companyName: `Greta's Garden ${sequence}`,
    ...overrides,
  };
  const res = await fetch(`${baseURL}/api/user/demo_register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account: {
        first_name: account.firstName,
        last_name: 'Svensson',
        email: account.email,
        phonenumber: '',
        password: account.password,
        password2: account.password,
        company_name: account.companyName,
        category: '',
      },
      company: { name: account.companyName, country: 'Sweden', url: '', platform: 'WooCommerce', agreed_to_terms: true },
    }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return account;
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(root, 'test-results', 'screens', `${name}.png`), fullPage: true });
}
