import type { Language, MachineCopyProposal, MachineCopyResponse } from '@kontor/contract';
import { useRef, useState } from 'react';
import { ApiError, errorText, serverMessage } from '@/lib/api-client';
import { generateDescriptions, translateDescriptions } from '../api/machine-copy';

export type MachineCopyKind = 'translate' | 'generate';

/** Products per request: small batches keep the progress bar moving and a failed batch cheap to lose. */
export const MACHINE_COPY_BATCH = 5;

export type MachineCopyRun =
  | { phase: 'idle' }
  | { phase: 'running'; kind: MachineCopyKind; language: Language; done: number; total: number }
  | { phase: 'review'; kind: MachineCopyKind; language: Language; source: string; results: MachineCopyProposal[] }
  /** The whole action is off (503: not configured) or refused (400): nothing to review. */
  | { phase: 'failed'; kind: MachineCopyKind; message: string };

/**
 * Runs "machine translate selected" / "generate selected": the products go to the API in batches,
 * one after another, with progress after each. A batch the chat API failed (502, network) becomes
 * an error on each of its products and the run goes on; a 503 or 400 stops it, since every batch
 * would get the same answer. Nothing is saved here: the run ends in review.
 */
export function useMachineCopyRun() {
  const [run, setRun] = useState<MachineCopyRun>({ phase: 'idle' });
  const stopRequested = useRef(false);

  const start = async (kind: MachineCopyKind, productIds: number[], language: Language) => {
    stopRequested.current = false;
    const results: MachineCopyProposal[] = [];
    let source = '';
    setRun({ phase: 'running', kind, language, done: 0, total: productIds.length });
    for (let offset = 0; offset < productIds.length && !stopRequested.current; offset += MACHINE_COPY_BATCH) {
      const batch = productIds.slice(offset, offset + MACHINE_COPY_BATCH);
      try {
        const answer: MachineCopyResponse =
          kind === 'translate'
            ? await translateDescriptions({ products: batch, source_language: 'SV', target_language: language })
            : await generateDescriptions({ products: batch, language });
        source = answer.source;
        results.push(...answer.results);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 503 || error.status === 400)) {
          setRun({ phase: 'failed', kind, message: serverMessage(error) });
          return;
        }
        const message = errorText(error);
        results.push(...batch.map((product) => ({ product, source: null, proposal: null, error: message })));
      }
      setRun({ phase: 'running', kind, language, done: Math.min(offset + batch.length, productIds.length), total: productIds.length });
    }
    setRun({ phase: 'review', kind, language, source, results });
  };

  return {
    run,
    start,
    /** Stops after the batch in flight; what came back so far goes to review. */
    stop: () => {
      stopRequested.current = true;
    },
    reset: () => setRun({ phase: 'idle' }),
  };
}
