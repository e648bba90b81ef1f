import type { FeedSchedule } from '@kontor/contract';

const HOUR_MS = 3_600_000;
const INTERVAL_MS: Record<Exclude<FeedSchedule, 'manual'>, number> = { hourly: HOUR_MS, daily: 24 * HOUR_MS, weekly: 7 * 24 * HOUR_MS };

/** When a feed on this schedule runs next after a run at `from`; null for manual feeds. */
export function nextRunAt(schedule: FeedSchedule, from: Date): Date | null {
  return schedule === 'manual' ? null : new Date(from.getTime() + INTERVAL_MS[schedule]);
}
