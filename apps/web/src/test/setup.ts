import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearAccessToken } from '@/lib/auth-token-store';
import { server } from './server';

// Routes load their screens lazily; the first import of a screen in a run can take a moment, and
// the first render of the whole app takes seconds on a loaded 2-core CI machine (6 s seen).
configure({ asyncUtilTimeout: 10_000 });

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
