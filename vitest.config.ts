import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = ['apps/api/**/*.test.ts'];
/** Several processes sharing one database server (API instances, workers): PGlite belongs to one process. */
const postgresOnlyTests = ['apps/api/**/*.postgres.test.ts'];
/** The embedded database's own files (backups, its directory lock): nothing to run against PostgreSQL. */
const pgliteOnlyTests = ['apps/api/**/*.pglite.test.ts'];

/**
 * One run, several projects: unit + API integration on PGlite, the same API tests on
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it), and the web component tests.
 * `*.postgres.test.ts` files run in the PostgreSQL project only, `*.pglite.test.ts` in the PGlite one.
 *
 * API test files of one worker share its loaded modules (`isolate: false`) instead of importing the
 * app again for each file: the import (Fastify, drizzle, every module and schema) cost about 1.5 s
 * per file, a third of the API tests' time. That is safe because API code keeps no state in its
 * modules: caches live on the app instance each file builds, and each file has its own database.
 * See docs/decisions/0027-shared-modules-and-template-databases-in-tests.md.
 */
const projects: (TestProjectInlineConfiguration | string)[] = [
  { test: { name: 'contract', include: ['packages/contract/**/*.test.ts'], environment: 'node' } },
  {
    test: {
      name: 'api-pglite',
      include: apiTests,
      exclude: [...configDefaults.exclude, ...postgresOnlyTests],
      environment: 'node',
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  // The web projects' settings live in apps/web/vite.config.ts (its plugins resolve there).
  'apps/web',
  'apps/web/vitest.isolated.config.ts',
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: apiTests,
      exclude: [...configDefaults.exclude, ...pgliteOnlyTests],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
      env: { KONTOR_TEST_DB: 'postgres' },
      isolate: false,
    },
  });
}

// Vitest's default (cores - 1) is one worker on a 2-core machine, where the database tests spend
// much of their time waiting on PostgreSQL or PGlite I/O: two workers finish the suite far sooner.
export default defineConfig({ test: { projects, maxWorkers: Math.max(2, availableParallelism() - 1) } });
