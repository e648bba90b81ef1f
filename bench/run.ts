import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a benchmark file exports: `run()` prints its figures and says whether its budget (DESIGN §9) held. */
export type Benchmark = { run: () => Promise<{ withinBudget: boolean }> };

/**
 * `npm run bench [name ...]`: runs bench/<name>.bench.ts (all of them without names), one after
 * another so they do not disturb each other's timings. Exits non-zero when a budget is missed.
 */
async function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const wanted = process.argv.slice(2);
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, '')))
    .sort();
  if (files.length === 0) throw new Error(`No benchmark matches ${wanted.join(', ')}.`);
  const missed: string[] = [];
  for (const file of files) {
    console.log(`\n=== ${file}`);
    const bench = (await import(pathToFileURL(path.join(here, file)).href)) as Benchmark;
    const { withinBudget } = await bench.run();
    if (!withinBudget) missed.push(file);
  }
  console.log(missed.length ? `\nOver budget: ${missed.join(', ')}` : '\nAll benchmarks within budget.');
  process.exitCode = missed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
