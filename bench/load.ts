import autocannon from 'autocannon';
import type pg from 'pg';

/** Latency figures in milliseconds and throughput, the same shape for HTTP and for raw SQL. */
/** `serverErrors`: answers of 500 and above among `errors` (every non-2xx answer, failure or timeout). */
export type LoadStats = { requests: number; rps: number; p50: number; p95: number; p99: number; errors: number; serverErrors?: number };

/** Nearest-rank percentiles of the recorded latencies. */
export function loadStats(latencies: number[], durationMs: number, errors: number): LoadStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: sorted.length,
    rps: Math.round((sorted.length / durationMs) * 1000),
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    errors,
  };
}

/** One HTTP request of a scenario; `setup` may change it per call from the connection's context. */
export type HttpStep = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The step sends a JSON body (its own or the one `setup` returns). */
  jsonBody?: boolean;
  /** Called before each send: returns the path (and body) to use this time. */
  setup?: (context: Record<string, unknown>) => { path: string; body?: unknown };
  /** Reads what a later step needs (e.g. the id a pick created) into the connection's context. */
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
};

/**
 * Drives the API with autocannon: `connections` clients, each repeating `steps` in order for
 * `seconds`. Latency is recorded per response, so percentiles are exact (autocannon's own
 * histogram has no p95). A non-2xx answer counts as an error.
 */
export async function runHttp(options: HttpRun): Promise<LoadStats> {
  const samples = await sampleHttp(options);
  return { ...loadStats(samples.latencies, samples.seconds * 1000, samples.errors), serverErrors: samples.serverErrors };
}

/** What one run recorded: every latency (ms) and the failures, so runs can be pooled. */
export type Samples = { latencies: number[]; errors: number; serverErrors: number; seconds: number };

export function pooledStats(runs: Samples[]): LoadStats {
  const latencies = runs.flatMap((run) => run.latencies);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  return { ...loadStats(latencies, seconds * 1000, errors), serverErrors: runs.reduce((sum, run) => sum + run.serverErrors, 0) };
}

type HttpRun = { origin: string; token: string; steps: HttpStep[]; connections: number; seconds: number };

/** runHttp's recording, unsummarized. */
export async function sampleHttp(options: HttpRun): Promise<Samples> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let errors = 0;
  let serverErrors = 0;
  let finish: (err: Error | null, result: autocannon.Result) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (err, result) => (err ? reject(err) : resolve(result));
  });
  const instance = autocannon(
    {
      url: options.origin,
      connections: options.connections,
      duration: options.seconds,
      headers: { authorization: `Bearer ${options.token}` },
      requests: options.steps.map((step) => ({
        method: step.method ?? 'GET',
        path: step.path,
        // Only a request with a body says it is JSON (Fastify refuses an empty JSON body).
        ...(step.jsonBody ? { headers: { 'content-type': 'application/json' } } : {}),
        ...(step.body === undefined ? {} : { body: JSON.stringify(step.body) }),
        ...(step.setup
          ? {
              setupRequest: (request: autocannon.Request, context: object) => {
                const next = step.setup!(context as Record<string, unknown>);
                return { ...request, path: next.path, ...(next.body === undefined ? {} : { body: JSON.stringify(next.body) }) };
              },
            }
          : {}),
        onResponse: (status: number, body: string, context: object) => {
          // The first few failures are shown as they came: a count alone does not say what went wrong.
          if ((status < 200 || status > 299) && failures.length < 3) failures.push(`${status} ${body.slice(0, 200)}`);
          step.onResponse?.(status, body, context as Record<string, unknown>);
        },
      })),
    },
    (err, result) => finish(err, result),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode > 299) errors += 1;
    if (statusCode >= 500) serverErrors += 1;
  });
  const result = await done;
  for (const failure of failures) console.log(`    failed: ${failure}`);
  return { latencies, errors: errors + result.errors + result.timeouts, serverErrors, seconds: options.seconds };
}

export type RecordedQuery = { text: string; params: unknown[] };

/**
 * Runs the statements an endpoint ran, in order, straight on a pg pool: the same work without
 * HTTP, authentication, validation and JSON. `connections` loops in parallel for `seconds`.
 */
export async function runSql(pool: pg.Pool, queries: RecordedQuery[], connections: number, seconds: number): Promise<LoadStats> {
  const samples = await sampleSql(pool, queries, connections, seconds);
  return loadStats(samples.latencies, seconds * 1000, samples.errors);
}

/** runSql's recording, unsummarized. */
export async function sampleSql(pool: pg.Pool, queries: RecordedQuery[], connections: number, seconds: number): Promise<Samples> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        for (const query of queries) await pool.query(query.text, query.params);
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { latencies, errors, serverErrors: 0, seconds };
}
