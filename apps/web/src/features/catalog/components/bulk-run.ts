import { MAX_PAGE_SIZE } from '@kontor/contract';

/** The API takes at most this many products per PUT or DELETE (and per list page). */
export const BULK_CHUNK = MAX_PAGE_SIZE;

export type BulkProgress = { label: string; done: number; total: number };

/**
 * Runs `action` over `ids` in chunks of BULK_CHUNK, one after the other, reporting progress.
 * A failing chunk stops the run: the chunks before it stay applied (each PUT or DELETE is
 * all-or-nothing on its own), and the error says how far it got.
 */
export async function runInChunks(ids: readonly number[], action: (chunk: number[]) => Promise<unknown>, onProgress: (done: number) => void) {
  for (let start = 0; start < ids.length; start += BULK_CHUNK) {
    const chunk = ids.slice(start, start + BULK_CHUNK);
    try {
      await action(chunk);
    } catch (error) {
      throw new BulkRunError(start, error);
    }
    onProgress(start + chunk.length);
  }
}

export class BulkRunError extends Error {
  override readonly name = 'BulkRunError';
  constructor(
    /** How many products were done before the failing chunk. */
    readonly done: number,
    override readonly cause: unknown,
  ) {
    super('A bulk action stopped part way.');
  }
}
