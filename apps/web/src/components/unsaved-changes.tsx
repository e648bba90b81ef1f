import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_MESSAGE = 'This page has changes that are not saved. They will be lost if you leave.';

/** Tells the guard that one form (by its id) holds unsaved edits of the record named by these query parameters, or none (null). */
type Report = (formId: string, recordParams: string | null) => void;
const ReportUnsaved = createContext<Report>(() => undefined);

/**
 * Navigation state that says the unsaved edits are moot (their record was just deleted): the
 * guard lets such a navigation go without asking.
 */
export const EDITS_MOOT = { unsavedEditsMoot: true } as const;
const editsMoot = (state: unknown) => typeof state === 'object' && state !== null && 'unsavedEditsMoot' in state;

const paramsDiffer = (names: string, from: string, to: string) => {
  const [before, after] = [new URLSearchParams(from), new URLSearchParams(to)];
  return names.split(',').some((name) => name !== '' && before.get(name) !== after.get(name));
};

/**
 * Asks before a navigation would drop unsaved edits: any form below it reports its dirty state
 * with useUnsavedChanges, and while one is dirty, leaving the page or its record (the path, or a
 * query parameter naming the record, changes; a tab or a filter does not) asks first, and closing
 * or reloading the browser tab gets the browser's own question. One guard per router: React
 * Router runs one blocker at a time.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlyMap<string, string>>(new Map());
  const report = useCallback<Report>(
    (formId, recordParams) =>
      setDirtyForms((before) => {
        if (before.get(formId) === (recordParams ?? undefined)) return before;
        const after = new Map(before);
        if (recordParams === null) after.delete(formId);
        else after.set(formId, recordParams);
        return after;
      }),
    [],
  );
  const dirty = dirtyForms.size > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    editsMoot(nextLocation.state)
      ? false
      : currentLocation.pathname !== nextLocation.pathname
        ? dirty
        : [...dirtyForms.values()].some((names) => paramsDiffer(names, currentLocation.search, nextLocation.search)),
  );

  useEffect(() => {
    if (!dirty) return;
    const askBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => window.removeEventListener('beforeunload', askBeforeUnload);
  }, [dirty]);

  return (
    <ReportUnsaved.Provider value={report}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={LEAVE_TITLE}
        message={LEAVE_MESSAGE}
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </ReportUnsaved.Provider>
  );
}

/**
 * A form's part: while `dirty`, leaving the page, or the record its `recordParams` (query
 * parameters, e.g. ['id']) name, asks first (see UnsavedChangesGuard).
 */
export function useUnsavedChanges(dirty: boolean, recordParams: readonly string[] = []) {
  const report = useContext(ReportUnsaved);
  const formId = useId();
  const names = recordParams.join(',');
  useEffect(() => {
    report(formId, dirty ? names : null);
    return () => report(formId, null);
  }, [report, formId, dirty, names]);
}
