import { configDefaults, defineConfig } from 'vitest/config';
import web, { ISOLATED_TESTS } from './vite.config.js';

/** The web test files that mock a module, each with fresh modules (ADR 0032); the rest run in `web`. */
export default defineConfig({
  ...web,
  test: { ...web.test, name: 'web-isolated', include: [ISOLATED_TESTS], exclude: configDefaults.exclude, isolate: true },
});
