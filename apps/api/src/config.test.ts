import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'kontor-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir, databaseUrl: undefined, logLevel: 'info', accessTokenTtlSeconds: 900 });
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('defaults the auth limits to OWASP ASVS level 2: 100 failed logins an hour per account and per IP, 300 unknown paths a minute', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config.login).toEqual({ maxFailuresPerAccount: 100, maxFailuresPerIp: 100, windowMinutes: 60, requestsPerMinutePerIp: 30 });
    expect(config.notFoundPerMinutePerIp).toBe(300);
    expect(config.accessTokenTtlSeconds).toBe(15 * 60);
    expect(config.trustProxy).toBe(false);
    expect(config.publicUrlIsHttps).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://kontor.example.com' }).publicUrlIsHttps).toBe(true);
  });

  it('reads TRUST_PROXY as true, a number of hops, or a list of addresses', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('leaves machine translation off until LLM_BASE_URL and LLM_API_KEY are set, and reads the model and timeout', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).llm).toEqual({ baseUrl: undefined, apiKey: undefined, model: 'gpt-4o-mini', timeoutMs: 60_000 });
    const env = { DATA_DIR: tmp(), LLM_BASE_URL: 'https://llm.example.com/v1/', LLM_API_KEY: 'sk-1', LLM_MODEL: 'local-model', LLM_TIMEOUT_SECONDS: '2.5' };
    expect(loadConfig(env).llm).toEqual({ baseUrl: 'https://llm.example.com/v1', apiKey: 'sk-1', model: 'local-model', timeoutMs: 2500 });
  });

  it('uses JWT_SECRET when given and writes no file', () => {
    const dataDir = tmp();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['SENTRY_DSN', 'not a url'],
    ['LLM_BASE_URL', 'api.openai.com'],
    ['LLM_TIMEOUT_SECONDS', '0'],
    ['JOBS', 'elsewhere'],
    ['TRUST_PROXY', 'yes please'],
    ['NOT_FOUND_RATE_LIMIT_PER_MINUTE', '0'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT', '0'],
  ])('stops with a message naming %s for a bad value', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrowError(new RegExp(`${name}:`));
  });

  it('runs jobs inline by default; JOBS=worker needs a PostgreSQL server that workers can share', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).jobs).toBe('inline');
    const url = 'postgresql://kontor@127.0.0.1:5432/kontor';
    expect(loadConfig({ DATA_DIR: tmp(), JOBS: 'worker', DATABASE_URL: url }).jobs).toBe('worker');
    expect(() => loadConfig({ DATA_DIR: tmp(), JOBS: 'worker' })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), JOBS: 'worker' })).toThrowError(/JOBS: worker needs DATABASE_URL/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });
});
