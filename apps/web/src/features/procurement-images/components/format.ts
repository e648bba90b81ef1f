import type { ProcurementImageSource } from '@kontor/contract';

const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** Bytes as B, KB or MB (1024-based, like file managers show them). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}

export const SOURCE_LABELS: Record<ProcurementImageSource, string> = { url: 'URL', upload: 'Upload' };

/** Spec §4: successes and failures are both counted. */
export const countsMessage = (created: number, failed: number) => `${created} ${created === 1 ? 'image' : 'images'} added${failed ? `, ${failed} failed` : ''}`;
