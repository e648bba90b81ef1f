import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { configDefaults } from 'vitest/config';

/**
 * Test files that mock a module (vi.mock): a module another file of the worker loaded first would
 * keep the real one, so these get fresh modules of their own (ADR 0032).
 */
export const ISOLATED_TESTS = 'src/**/*.isolated.test.{ts,tsx}';

const apiTarget = process.env.KONTOR_API_URL ?? 'http://127.0.0.1:8080';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (not the source maps),
 * once at build time, for a server that serves precompressed files (@fastify/static
 * `preCompressed`): about a third of the bytes on the wire (DESIGN §9).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kontor:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        if (source.length < 1024) continue;
        const target = path.join(outDir, file.fileName);
        writeFileSync(`${target}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${target}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** The protected area's frame, on every screen behind the login. */
const FRAME_MODULE = 'src/app/layout/app-layout.tsx';
/** Screens whose code a page load asks for with the entry (URL path -> route module); the catalog grid is where shop operators start. */
const FIRST_SCREEN_MODULES: Record<string, string> = { '/catalog/products': 'src/app/catalog/catalog-products-route.tsx' };

/**
 * Lists in index.html, as a JSON data block (not a script: the CSP allows none inline), the
 * chunks of the protected frame and of the screens above, each with its static imports.
 * public/session-boot.js asks for those the URL needs while the entry chunk still downloads and
 * runs; otherwise the router would only ask for them once the entry had run, a round trip and
 * 100 KB later (ADR 0028). The entry's own budget (scripts/bundle-budget.mjs) is unchanged.
 */
function firstScreenChunks(): Plugin {
  return {
    name: 'kontor:first-screen-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk');
        const closure = (module: string) => {
          const start = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
          if (!start) throw new Error(`kontor:first-screen-chunks: no chunk for ${module}`);
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = chunks.find((candidate) => candidate.fileName === fileName);
            if (!chunk || chunk.isEntry || files.has(fileName)) return;
            files.add(fileName);
            chunk.imports.forEach(visit);
          };
          visit(start.fileName);
          return [...files].map((file) => `/${file}`);
        };
        const frame = closure(FRAME_MODULE);
        const screens = Object.fromEntries(
          Object.entries(FIRST_SCREEN_MODULES).map(([route, module]) => [route, closure(module).filter((file) => !frame.includes(file))]),
        );
        return [
          { tag: 'script', attrs: { type: 'application/json', id: 'kontor-first-screen' }, children: JSON.stringify({ frame, screens }), injectTo: 'head' },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), firstScreenChunks()],
  // `@/` is src/: features reach lib/ and components/ without `../../..` (which the lint rule reserves for feature-to-feature imports).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, host: '127.0.0.1', proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/bundle-budget.mjs reads it to weigh what the first page load needs.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract only declares schemas and constants: a chunk that needs MESSAGES must not
      // drag in zod and every schema, so the first page load stays small (DESIGN §9).
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // Fewer, larger chunks: left to itself Rolldown gave the catalog grid ~80 files of a few
        // hundred bytes (one per MUI component, icon, fetcher), and over HTTP/1.1 each costs a
        // round trip. Still split by route: what the first load runs is one file; libraries
        // and shared app code used by two or more lazy chunks go to `vendor` / `shared` (loaded
        // with the first screen); what one screen alone uses stays in its chunk, and Sentry
        // stays a chunk of its own, loaded only with a DSN. The contract's modules are left out
        // of `shared`: each builds its zod schemas as it loads, so a screen loads only its own
        // (a chunk per set of importers) rather than every schema two screens use (ADR 0028).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'vendor', test: /[\\/]node_modules[\\/](?!@sentry)/, minShareCount: 2, priority: 2 },
            { name: 'shared', test: /[\\/]src[\\/](components|lib)[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ISOLATED_TESTS],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Files share their worker's modules and window (ADR 0032); those that mock a module run in
    // the web-isolated project (vitest.isolated.config.ts).
    isolate: false,
    // Whole-app route tests render the shell and a screen from cold modules: on a loaded 2-core
    // CI machine some took 15 s. A missing element still fails, through findBy's own limit.
    testTimeout: 30_000,
  },
});
