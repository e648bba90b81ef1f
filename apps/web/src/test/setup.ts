import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { installDrfMessages } from '@kontor/contract';
import { styleCache } from '@/app/providers';
import { clearAccessToken } from '@/lib/auth-token-store';
import { server } from './server';
// Before any query: testing-library reads fields' labels through it.
import './fast-labels';

// Routes load their screens lazily; the first import of a screen in a run can take a moment, and
// the first render of the whole app takes seconds on a loaded 2-core CI machine (6 s seen).
configure({ asyncUtilTimeout: 10_000 });
// As main.tsx: forms check lengths and formats in DRF's words.
installDrfMessages();

/**
 * jsdom has no matchMedia; MUI's useMediaQuery then always says "no". Answer min/max-width
 * queries against the window's width (jsdom: 1024 px), so the layout renders as on a laptop.
 */
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string): MediaQueryList => {
    const width = window.innerWidth;
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  },
});

// A request nobody answers is a test bug, not something to fall through to the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// The test files of a worker share its modules and window (ADR 0032): a file does not see the
// storage or cookies an earlier one left.
beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
/**
 * Nor the app's style cache, which would keep every rule all earlier files inserted: jsdom's
 * getComputedStyle (MUI's autosizing text fields call it on each render, testing-library on each
 * visibility check) matches an element against every rule, so later files ran slower. Each file
 * starts with no rules, as in a fresh window.
 */
afterAll(() => {
  styleCache.sheet.flush();
  for (const name of Object.keys(styleCache.inserted)) delete styleCache.inserted[name];
});

/** DESIGN §10: a console.error during a web test fails it (React warnings, act() warnings, prop-type errors...). */
let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearAccessToken();
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (consoleErrors.length) {
    const messages = consoleErrors.join('\n---\n');
    consoleErrors = [];
    throw new Error(`console.error was called during the test:\n${messages}`);
  }
});
