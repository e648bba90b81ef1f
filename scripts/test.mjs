// `npm test`: everything, in order: typecheck, lint and format check (at once), unit + API integration
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) + web component tests, build, then
// the end-to-end suite in the system Chromium against the built app. Every step runs even
// when an earlier one failed (except e2e, which needs the build); the exit code is non-zero
// if any failed. The last line sums the tests: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const failed = [];
const stepHeader = (name, command, args) => `\n=== ${name}: ${command} ${args.join(' ')}`;
/** A step's last line; a failed step is remembered for the summary. */
function endStep(name, ok, started) {
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failed.push(name);
  return ok;
}

function step(name, command, args, env = {}) {
  console.log(stepHeader(name, command, args));
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return endStep(name, r.status === 0, started);
}

/**
 * Steps run at the same time, each printed whole when it ends so their lines do not mix. For the
 * static checks: each is one single-threaded process, so two of them use both cores of a 2-core
 * machine, about a minute sooner than one after the other.
 */
async function concurrentSteps(steps) {
  const run = ([name, command, args]) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      let reported = false;
      // A process that cannot start reports 'error' and may then report 'close' too.
      const done = (ok) => {
        if (reported) return;
        reported = true;
        console.log(`${stepHeader(name, command, args)}\n${output.trimEnd()}`);
        resolve(endStep(name, ok, started));
      };
      child.on('error', (err) => {
        output += `${err.message}\n`;
        done(false);
      });
      child.on('close', (code) => done(code === 0));
    });
  await Promise.all(steps.map(run));
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on PGlite only (CI also runs them on PostgreSQL).');
}

const npx = 'npx';
await concurrentSteps([
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['format', 'npm', ['run', 'format:check']],
]);
step('vitest', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${path.join(results, 'vitest.json')}`]);
const built = step('build', 'npm', ['run', 'build']);
if (built) {
  // Sizes, not times (DESIGN §9): checked whether or not a browser is at hand.
  step('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
  let chromium;
  try {
    chromium = ensureChromium();
  } catch (err) {
    console.error(err.message);
    failed.push('chromium');
  }
  if (chromium) {
    step('e2e', npx, ['playwright', 'test'], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'playwright.json'),
    });
  }
}

let passed = 0;
let failedTests = 0;
let skipped = 0;
// The names of the failed tests are repeated at the end, because a CI summary often shows only
// the last lines of a long log.
const failedNames = [];
const vitestJson = path.join(results, 'vitest.json');
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failedTests += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults) {
    for (const t of file.assertionResults) {
      if (t.status === 'failed') {
        const message = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failedNames.push(`${path.relative(root, file.name)} > ${t.fullName}: ${message}`);
      }
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) failedNames.push(`${path.relative(root, file.name)}: ${file.message}`);
  }
}
const pwJson = path.join(results, 'playwright.json');
if (existsSync(pwJson)) {
  const report = JSON.parse(readFileSync(pwJson, 'utf8'));
  const s = report.stats;
  passed += s.expected + s.flaky;
  failedTests += s.unexpected;
  skipped += s.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message ?? '';
          failedNames.push(`${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')}: ${error.split('\n')[0].slice(0, 300)}`);
        }
      }
    }
    for (const child of suite.suites ?? [])
      walk(
        child,
        [...titles, child.title].filter((x) => x && !x.endsWith('.ts')),
      );
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}
if (failedNames.length) console.log(`\nFailed tests:\n${failedNames.map((n) => `  - ${n}`).join('\n')}`);
console.log(failed.length ? `\nFailed steps: ${failed.join(', ')}` : '\nAll steps passed.');
console.log(`${passed} passed, ${failedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed.length || failedTests ? 1 : 0);
