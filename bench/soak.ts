import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { checkInventoryOf, login, readScenarios, shopFacts, startApi, writeScenarios } from './api.bench.js';
import { largeDatabaseUrl, sizeLabel } from './large-database.js';
import { runHttp, type HttpStep } from './load.js';

/**
 * `npm run soak`: a mixed read/write load on the API process for SOAK_SECONDS (600) with
 * SOAK_CONNECTIONS (50) clients on loopback, against the large shop (bench/large-database.ts,
 * SOAK_PRODUCTS, 100k). Each client works like an operator: the grid and its views, the ledger
 * and orders, a stock move there and back, a pick and its unpick. It passes when no answer was
 * a 5xx (nor any other failure), the API's memory floor (lowest RSS over two minutes) grew less
 * than 10% from just after the warm-up to the end, and the inventory check holds (issue 10).
 */
const PRODUCTS = Number(process.env.SOAK_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
/** Memory is compared from here on: the first minute fills caches and JIT-compiles the hot paths. */
const WARMUP_SECONDS = Math.min(60, Math.round(SECONDS / 10));
const SAMPLE_EVERY_MS = 5_000;
/** The memory compared: the lowest RSS over two minutes (24 samples, several collections). */
const MEMORY_WINDOW_SECONDS = Math.min(120, Math.round(SECONDS / 4));
const MAX_MEMORY_GROWTH = 0.1;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The process's resident memory in MB, from /proc (Linux; where there is none, the check is skipped). */
function residentMb(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : null;
  } catch {
    return null;
  }
}

async function main(): Promise<boolean> {
  const databaseUrl = await largeDatabaseUrl(PRODUCTS);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const api = await startApi(databaseUrl);
  const samples: { at: number; mb: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const mb = residentMb(api.pid);
    if (mb !== null) samples.push({ at: (Date.now() - started) / 1000, mb });
  }, SAMPLE_EVERY_MS);
  try {
    const token = await login(api.origin);
    const facts = await shopFacts(pool);
    const reads = readScenarios(facts);
    const pick = (name: string) => reads.find((r) => r.name.startsWith(name))!;
    const [moveThere, moveBack] = writeScenarios(facts)[0]!.steps as [HttpStep, HttpStep];
    const [pickLine, unpickLine] = writeScenarios(facts)[1]!.steps as [HttpStep, HttpStep];
    const steps: HttpStep[] = [
      { path: pick('catalog: default view').path },
      { path: pick('stocks view').path },
      moveThere,
      { path: pick('catalog: search words').path },
      moveBack,
      { path: pick('orders: open to pick').path },
      pickLine,
      { path: pick('ledger: newest rows').path },
      unpickLine,
      { path: pick('catalog: low stock').path },
      { path: pick('supplier products: newest').path },
    ];
    console.log(
      `Soak: ${CONNECTIONS} clients for ${SECONDS} s on ${PRODUCTS.toLocaleString('en')} products, ${steps.length} requests a round (2 moves, a pick and its unpick).`,
    );
    const stats = await runHttp({ origin: api.origin, token, steps, connections: CONNECTIONS, seconds: SECONDS });
    clearInterval(sampler);
    const inventory = await checkInventoryOf(databaseUrl, facts.companyId);

    // RSS swings by a third between garbage collections under this load (and a minute's median
    // by a tenth), so what is compared is the floor after collections: the lowest RSS in the two
    // minutes after the warm-up against the lowest in the last two. A leak raises the floor.
    const windowFloor = (from: number, to: number) => {
      const inWindow = samples.filter((s) => s.at >= from && s.at < to).map((s) => s.mb);
      return inWindow.length ? Math.min(...inWindow) : null;
    };
    const elapsed = samples.at(-1)?.at ?? 0;
    const baseline = windowFloor(WARMUP_SECONDS, WARMUP_SECONDS + MEMORY_WINDOW_SECONDS);
    const final = windowFloor(Math.max(WARMUP_SECONDS + MEMORY_WINDOW_SECONDS, elapsed - MEMORY_WINDOW_SECONDS), Number.POSITIVE_INFINITY);
    const minuteMedians = Array.from({ length: Math.ceil(elapsed / 60) }, (_, i) =>
      median(samples.filter((s) => s.at >= i * 60 && s.at < (i + 1) * 60).map((s) => s.mb)),
    );
    const growth = baseline && final ? (final - baseline) / baseline : null;
    const peak = samples.length ? Math.max(...samples.map((s) => s.mb)) : null;
    const memoryOk = growth === null || growth < MAX_MEMORY_GROWTH;
    const ok = stats.errors === 0 && (stats.serverErrors ?? 0) === 0 && memoryOk && inventory.ok;

    const mb = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(1)} MB`);
    console.log(`  requests ${stats.requests.toLocaleString('en')} (${stats.rps}/s), p50 ${stats.p50} ms, p95 ${stats.p95} ms, p99 ${stats.p99} ms`);
    console.log(`  5xx ${stats.serverErrors ?? 0}, other failures ${stats.errors - (stats.serverErrors ?? 0)}`);
    console.log(
      `  API memory (RSS floor over ${MEMORY_WINDOW_SECONDS} s): ${mb(baseline)} after the ${WARMUP_SECONDS} s warm-up, ${mb(final)} at the end (${growth === null ? 'n/a' : `${(growth * 100).toFixed(1)}%`}), peak ${mb(peak)}`,
    );
    console.log(`  median RSS per minute: ${minuteMedians.map((m) => (m === null ? '-' : m.toFixed(0))).join(', ')} MB`);
    console.log(`  inventory check: ${inventory.ok ? 'OK' : `${inventory.problems.length} problem(s)`}`);
    for (const problem of inventory.problems.slice(0, 10)) console.log(`    ${problem}`);
    console.log(ok ? 'Soak passed.' : `Soak FAILED: needs no failures, memory growth under ${MAX_MEMORY_GROWTH * 100}% and a clean inventory check.`);

    const results = path.join(root, 'bench', 'results');
    mkdirSync(results, { recursive: true });
    const file = path.join(results, `soak-${sizeLabel(PRODUCTS)}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const meta = {
      products: PRODUCTS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      cpus: os.cpus().length,
      node: process.version,
      at: new Date().toISOString(),
    };
    writeFileSync(file, `${JSON.stringify({ meta, stats, memory: { baseline, final, growth, peak, minuteMedians, samples }, inventory, ok }, null, 2)}\n`);
    console.log(`Saved ${path.relative(root, file)}`);
    return ok;
  } finally {
    clearInterval(sampler);
    await api.stop();
    await pool.end();
  }
}

main()
  .then((ok) => {
    process.exitCode = ok ? 0 : 1;
  })
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
