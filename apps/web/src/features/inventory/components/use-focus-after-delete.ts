import { useEffect, useRef } from 'react';

type Pending = { index: number; deleted: readonly number[] };

/**
 * Where the keyboard focus goes once rows are deleted: the confirm dialog would put it back on
 * the row's Delete button, which is gone with the row, and the focus fell to the page body.
 * It goes to the Delete button of the row that took the (first) deleted row's place, else of the
 * row before it (the last one), else to the grid itself.
 *
 * `rows` are the ids on the page in their order; `ready` is false while the confirm dialog is
 * still open (its focus trap would pull the focus back).
 */
export function useFocusAfterDelete(rows: readonly number[], ready: boolean) {
  const buttons = useRef(new Map<number, HTMLElement>());
  const grid = useRef<HTMLTableElement | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  // After every render: the one that closes the dialog (and shows the refetched page) moves the focus.
  useEffect(() => {
    const pending = pendingRef.current;
    if (!pending || !ready) return;
    pendingRef.current = null;
    // The refetched page, without the deleted rows (should a stale one still show them).
    const left = rows.filter((id) => !pending.deleted.includes(id));
    const target = left[Math.min(pending.index, left.length - 1)];
    const button = target === undefined ? null : buttons.current.get(target);
    if (button) button.focus();
    else grid.current?.focus();
  });

  return {
    /** The row Delete button's ref. */
    buttonRef: (id: number) => (element: HTMLElement | null) => {
      if (element) buttons.current.set(id, element);
      else buttons.current.delete(id);
    },
    /** The grid's ref: it takes the focus (tabIndex -1) when no row is left. */
    gridRef: (element: HTMLTableElement | null) => {
      grid.current = element;
    },
    /** Call once the deletion succeeded, before the dialog closes. */
    deleted: (ids: readonly number[]) => {
      const at = rows.findIndex((id) => ids.includes(id));
      pendingRef.current = { index: Math.max(at, 0), deleted: ids };
    },
  };
}
