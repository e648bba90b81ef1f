/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.KONTOR_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Whole-app route tests render the shell and a screen from cold modules: on a loaded 2-core
    // CI machine some took 15 s. A missing element still fails, through findBy's own limit.
    testTimeout: 30_000,
  },
});
