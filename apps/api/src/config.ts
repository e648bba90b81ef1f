import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads process.env. Parsed once at start-up; a bad value stops
 * start-up with a message naming the variable.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A read replica of DATABASE_URL for the long list reads (docs/deployment.md). */
  READ_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url('must be an absolute URL such as https://kontor.example.com').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Kontor <no-reply@kontor.local>'),
  SENTRY_DSN: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(15 * 60),
  /** Failed logins (OWASP ASVS 4.0 2.2.1: at most 100 an hour per account) before a 429. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Answers from the not-found handler (unknown paths: scanners) per minute per IP before a 429. */
  NOT_FOUND_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /**
   * Which proxies in front of the app to believe about the client (X-Forwarded-For, -Proto):
   * 'true' (any), a number of hops, or comma-separated addresses/CIDRs. Unset: none, the peer
   * address is the client. Behind a balancer, set it, or every client shares the balancer's IP
   * for the per-IP limits and a request that came over https looks like http.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d+|[0-9A-Za-z:./]+(\s*,\s*[0-9A-Za-z:./]+)*)$/, "must be 'true', 'false', a number of hops, or comma-separated addresses")
    .optional(),
  DEMO_SEED: z.enum(['true', 'false']).default('true'),
  /**
   * 'true' lets supplier feeds and the storefront be fetched from any address, loopback and LAN
   * included. Default 'false': only public internet addresses and the app's own PUBLIC_URL (SSRF guard).
   */
  OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** Largest accepted image upload in bytes (catalog image library); 1 KB to 1 GB. */
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** An OpenAI-compatible chat API for machine translation and generation of descriptions (DESIGN §5). */
  LLM_BASE_URL: z.url('must be an absolute URL such as https://api.openai.com/v1').optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  LLM_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  /**
   * Where background jobs run (ADR 0014): 'inline' in the API process itself (ADR 0009), or
   * 'worker' in separate `npm run worker` processes, the API only recording them.
   */
  JOBS: z.enum(['inline', 'worker']).default('inline'),
  /** 'false' when a pooler between the app and PostgreSQL cannot keep prepared statements (db/prepared-statements.ts). */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Lists read from here when set (a replica: they may lag the primary by its replication delay). */
  readDatabaseUrl: string | undefined;
  /** PostgreSQL: a transaction's statements are prepared once per connection. */
  preparedStatements: boolean;
  jwtSecret: string;
  /** Where users reach the app (mailed links). Without PUBLIC_URL, the server sets it to the address it listens on. */
  publicUrl: string;
  publicUrlFromEnv: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  sentryDsn: string | undefined;
  logLevel: string;
  accessTokenTtlSeconds: number;
  /** A rotated refresh token presented again within this many seconds is a race (two tabs), not theft. */
  refreshReuseGraceSeconds: number;
  login: { maxFailuresPerAccount: number; maxFailuresPerIp: number; windowMinutes: number; requestsPerMinutePerIp: number };
  /** Not-found answers per minute per IP (probing for paths) before a 429. */
  notFoundPerMinutePerIp: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-* headers count (a number of hops is a function of the hop). */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** PUBLIC_URL is https: the refresh cookie is Secure and HSTS is sent whatever the request's own scheme. */
  publicUrlIsHttps: boolean;
  demoSeed: boolean;
  /** Feeds and the storefront may be on private, loopback and link-local addresses (lib/outbound.ts). */
  outboundAllowPrivate: boolean;
  /** Catalog image uploads larger than this are refused, file by file. */
  imageMaxBytes: number;
  /** Machine translation is off (503 with a clear message) unless both baseUrl and apiKey are set. */
  llm: { baseUrl: string | undefined; apiKey: string | undefined; model: string; timeoutMs: number };
  /** 'inline': this process runs its jobs and the feed scheduler. 'worker': it only queues jobs for worker processes. */
  jobs: 'inline' | 'worker';
};

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO= npm start` behaves like no FOO. */
function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(cleanEnv(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.READ_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  READ_DATABASE_URL: needs DATABASE_URL (the primary it replicates)');
  }
  if (e.JOBS === 'worker' && !e.DATABASE_URL) {
    // The embedded PGlite database belongs to one process: a worker could never reach its queue.
    throw new ConfigError('Invalid configuration:\n  JOBS: worker needs DATABASE_URL (a PostgreSQL server shared with the worker processes)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    readDatabaseUrl: e.READ_DATABASE_URL,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    publicUrlFromEnv: Boolean(e.PUBLIC_URL),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sentryDsn: e.SENTRY_DSN,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
      requestsPerMinutePerIp: e.AUTH_RATE_LIMIT_PER_MINUTE,
    },
    notFoundPerMinutePerIp: e.NOT_FOUND_RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrlIsHttps: Boolean(e.PUBLIC_URL?.startsWith('https://')),
    demoSeed: e.DEMO_SEED === 'true',
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE === 'true',
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    llm: { baseUrl: e.LLM_BASE_URL?.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: Math.round(e.LLM_TIMEOUT_SECONDS * 1000) },
    jobs: e.JOBS,
  };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((address) => address.trim());
}

/** Without JWT_SECRET, a random secret is generated once and kept in DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** For the process entries (server, worker): the config, or its message on stderr and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
