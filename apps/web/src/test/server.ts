import { setupServer } from 'msw/node';

/** One msw server for every web test; each test adds the handlers it needs with server.use(). */
export const server = setupServer();

/** Absolute URL of an API path in the jsdom window, for msw handlers. */
export const apiUrl = (path: string) => `${window.location.origin}/api${path}`;
