import { SENTRY_SAMPLING } from '@kontor/contract';

/** Error reporting only when SENTRY_DSN is set; loaded lazily so it costs nothing otherwise. */
export async function initSentry(dsn: string | undefined, environment: string) {
  if (!dsn) return;
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn, environment, tracesSampleRate: SENTRY_SAMPLING.tracesSampleRate });
}
