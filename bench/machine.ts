import { createHash } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';

/**
 * How fast this machine is, by two fixed workloads, so that figures from different machines can
 * be set side by side. The development machines have differed 1.5-2.2x in speed, and a budget in
 * milliseconds is met on one and missed on another by the same code. Lower is faster.
 *
 * - `nodeMs`: one Node.js thread hashing, stringifying and parsing a fixed amount of JSON (the
 *   kind of work the API does per request).
 * - `sqlMs`: one PostgreSQL backend aggregating a generated series (executor work, no disk).
 * - `roundTripUs`: one statement's round trip between Node.js and PostgreSQL (`select 1`, one
 *   after another on one connection), in microseconds: a process waking another and waiting for
 *   its answer, which neither workload above does. A request pays it at least once, a move four
 *   times; two machines 5-20% apart on the two above ran 1,133 and 443 moves a second.
 *
 * Each is the best of five runs: the least disturbed by whatever else the machine does.
 */
export type MachineCalibration = { cpuModel: string; cpus: number; nodeMs: number; sqlMs: number; roundTripUs: number };

const RUNS = 5;
const ROUND_TRIPS = 1000;

function nodeWorkload(): void {
  const rows = Array.from({ length: 200 }, (_, i) => ({
    id: i,
    sku: `SKU-${i}`,
    name: `Product number ${i}`,
    price: (i * 7.31).toFixed(2),
    tags: ['a', 'b', String(i)],
  }));
  let digest = '';
  let parsed = 0;
  for (let round = 0; round < 800; round++) {
    const text = JSON.stringify(rows);
    digest = createHash('sha256').update(text).update(digest).digest('hex');
    parsed += (JSON.parse(text) as unknown[]).length;
  }
  if (digest.length !== 64 || parsed !== 800 * rows.length) throw new Error('The calibration workload went wrong.');
}

const best = (times: number[]) => Math.min(...times);

export async function calibrateMachine(pool: pg.Pool): Promise<MachineCalibration> {
  const nodeTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    nodeWorkload();
    nodeTimes.push(performance.now() - start);
  }
  const sqlTimes: number[] = [];
  const roundTripTimes: number[] = [];
  const client = await pool.connect();
  try {
    // No parallel workers: one backend's speed, as one statement of a request gets.
    await client.query('set max_parallel_workers_per_gather = 0');
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await client.query('select sum(i * 2 + 1) from generate_series(1, 2000000) as i');
      sqlTimes.push(performance.now() - start);
    }
    await client.query('reset max_parallel_workers_per_gather');
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      for (let trip = 0; trip < ROUND_TRIPS; trip++) await client.query('select 1');
      roundTripTimes.push(((performance.now() - start) * 1000) / ROUND_TRIPS);
    }
  } finally {
    client.release();
  }
  return {
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    cpus: os.cpus().length,
    nodeMs: round1(best(nodeTimes)),
    sqlMs: round1(best(sqlTimes)),
    roundTripUs: round1(best(roundTripTimes)),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export const describeMachine = (m: MachineCalibration) =>
  `Machine: ${m.cpuModel}, ${m.cpus} cores; calibration (lower is faster): Node.js ${m.nodeMs} ms, PostgreSQL ${m.sqlMs} ms, a round trip ${m.roundTripUs} µs.`;
