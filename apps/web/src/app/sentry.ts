import { SENTRY_SAMPLING } from '@kontor/contract';
import type * as SentryModule from '@sentry/react';

let sentry: typeof SentryModule | null = null;

/**
 * Error reporting and session replay (spec §9 sampling), only when VITE_SENTRY_DSN is set.
 * Loaded with a dynamic import so the SDK never weighs on the first paint.
 */
export async function initSentry(dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN): Promise<void> {
  if (!dsn) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    environment: import.meta.env.MODE,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    ...SENTRY_SAMPLING,
  });
  sentry = Sentry;
}

export function reportError(error: unknown): void {
  sentry?.captureException(error);
}
