import { createContext, useContext } from 'react';

/** The one cell being edited, by row id and column id. */
export type EditingCell = { rowId: string; columnId: string };

export type GridEditState = {
  editing: EditingCell | null;
  startEditing: (cell: EditingCell) => void;
  /**
   * `refocus` puts the keyboard focus back on the cell (Enter, Esc); a blur leaves it where the person clicked.
   * `move` (Tab, Shift+Tab) puts it on the next or the previous cell of the row instead.
   */
  stopEditing: (refocus: boolean, move?: 1 | -1) => void;
};

export const GridEditContext = createContext<GridEditState>({ editing: null, startEditing: () => undefined, stopEditing: () => undefined });

export function useGridEditing(rowId: string, columnId: string) {
  const state = useContext(GridEditContext);
  const editing = state.editing?.rowId === rowId && state.editing.columnId === columnId;
  return { editing, startEditing: () => state.startEditing({ rowId, columnId }), stopEditing: state.stopEditing };
}
