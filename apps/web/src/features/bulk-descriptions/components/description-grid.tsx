import type { BulkDescriptionRow, DescriptionCopyField } from '@kontor/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import InputBase from '@mui/material/InputBase';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { GRID_COLUMNS, cellPreview, cellValue } from './columns';

export type CellPosition = { row: number; col: number };

/**
 * A cell's save: the new value shows faded while it runs; a refused one shows the stored value
 * and why, and keeps what was typed (`value`): editing the cell again starts from it, so nothing
 * typed is lost. `save` tells a cell's saves apart, so the end of an earlier one leaves a later
 * one's state alone.
 */
export type CellStatus = { state: 'saving'; value: string; save: number } | { state: 'failed'; message: string; value: string };
/** Per product id, per field; a row's object keeps its identity until one of its cells changes. */
export type CellStatuses = Record<number, Partial<Record<DescriptionCopyField, CellStatus>>>;

type Editing = { row: number; col: number; initial: string };

type DescriptionGridProps = {
  rows: BulkDescriptionRow[];
  selected: CellPosition | null;
  onSelect: (position: CellPosition) => void;
  checked: ReadonlySet<number>;
  onToggleRow: (productId: number) => void;
  onToggleAll: (check: boolean) => void;
  statuses: CellStatuses;
  /** Saves one cell (only called when the value changed: from the stored value, or from the one a running save sends). */
  onSave: (row: BulkDescriptionRow, field: DescriptionCopyField, value: string) => void;
  /** A refused cell edited back to its stored value: nothing to save, the refusal is over. */
  onDiscard: (row: BulkDescriptionRow, field: DescriptionCopyField) => void;
};

const cellId = (row: number, col: number) => `bulk-description-cell-${row}-${col}`;
const lastCol = GRID_COLUMNS.length - 1;

/** Tab order: right along the row, then on to the next row's first cell; null past either end. */
function step(position: CellPosition, backwards: boolean, rowCount: number): CellPosition | null {
  if (!backwards)
    return position.col < lastCol ? { ...position, col: position.col + 1 } : position.row < rowCount - 1 ? { row: position.row + 1, col: 0 } : null;
  return position.col > 0 ? { ...position, col: position.col - 1 } : position.row > 0 ? { row: position.row - 1, col: lastCol } : null;
}

/**
 * The spreadsheet: rows are products, columns their SKU, name and description fields. Click or
 * the arrow keys select a cell (the grid keeps focus and points at it with aria-activedescendant);
 * Enter, F2 or typing edits it; Enter, Tab or leaving the input saves it; Escape cancels.
 * Rows are memoised, so moving the selection over a 100-row page re-renders two rows, not all.
 */
export function DescriptionGrid({ rows, selected, onSelect, checked, onToggleRow, onToggleAll, statuses, onSave, onDiscard }: DescriptionGridProps) {
  const gridRef = useRef<HTMLTableElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The handlers below read the latest props through a ref, so the memoised rows never see new functions.
  const latest = useRef({ rows, statuses, onSelect, onSave, onDiscard, onToggleRow });
  useEffect(() => {
    latest.current = { rows, statuses, onSelect, onSave, onDiscard, onToggleRow };
  });
  const toggleRow = useCallback((productId: number) => latest.current.onToggleRow(productId), []);

  const startEditing = useCallback((position: CellPosition, initial?: string) => {
    const column = GRID_COLUMNS[position.col];
    const row = latest.current.rows[position.row];
    if (!column?.editable || !row) return;
    // A save running or refused: edit what was typed, not the stored value it would replace.
    const pending = latest.current.statuses[row.id]?.[column.key]?.value;
    setEditing({ ...position, initial: initial ?? pending ?? cellValue(row, column) });
  }, []);

  const select = useCallback((position: CellPosition) => {
    latest.current.onSelect(position);
    document.getElementById(cellId(position.row, position.col))?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, []);

  const editingRef = useRef(editing);
  useEffect(() => {
    editingRef.current = editing;
  });

  /** Ends the edit (text null: cancelled), saves a changed value, moves on for Tab, and gives the keyboard back to the grid. */
  const handleEditorDone = useCallback(
    (text: string | null, move?: 'next' | 'previous') => {
      const position = editingRef.current;
      if (!position) return;
      editingRef.current = null;
      setEditing(null);
      const row = latest.current.rows[position.row];
      const column = GRID_COLUMNS[position.col];
      if (text !== null && row && column?.editable) {
        const stored = cellValue(row, column);
        const status = latest.current.statuses[row.id]?.[column.key];
        // While a save runs, the cell is about to hold its value: going back to the stored one is a change too.
        if (status?.state === 'saving' ? text !== status.value : text !== stored) latest.current.onSave(row, column.key, text);
        else if (status?.state === 'failed') latest.current.onDiscard(row, column.key);
      }
      if (move) {
        const next = step(position, move === 'previous', latest.current.rows.length);
        if (next) select(next);
      }
      gridRef.current?.focus({ preventScroll: true });
    },
    [select],
  );

  const handleGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (editing || event.target !== event.currentTarget) return;
    const count = rows.length;
    if (!count) return;
    const current = selected ?? { row: 0, col: 0 };
    const moves: Record<string, () => CellPosition | null> = {
      ArrowUp: () => ({ ...current, row: Math.max(0, current.row - 1) }),
      ArrowDown: () => ({ ...current, row: Math.min(count - 1, current.row + 1) }),
      ArrowLeft: () => ({ ...current, col: Math.max(0, current.col - 1) }),
      ArrowRight: () => ({ ...current, col: Math.min(lastCol, current.col + 1) }),
      Home: () => ({ ...current, col: 0 }),
      End: () => ({ ...current, col: lastCol }),
      Tab: () => step(current, event.shiftKey, count),
    };
    const move = moves[event.key];
    if (move) {
      const next = selected ? move() : current;
      // Tab past the last cell leaves the grid as usual.
      if (!next) return;
      event.preventDefault();
      select(next);
      return;
    }
    if (!selected) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      startEditing(selected);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing replaces the value, as in a spreadsheet.
      event.preventDefault();
      startEditing(selected, event.key);
    }
  };

  const allChecked = rows.length > 0 && rows.every((row) => checked.has(row.id));
  const someChecked = rows.some((row) => checked.has(row.id));

  return (
    <TableContainer sx={{ maxHeight: 'calc(100vh - 380px)', minHeight: 240, borderTop: 1, borderColor: 'divider' }}>
      <Table
        ref={gridRef}
        role="grid"
        aria-label="Descriptions"
        aria-rowcount={rows.length}
        aria-activedescendant={selected ? cellId(selected.row, selected.col) : undefined}
        tabIndex={0}
        stickyHeader
        size="small"
        onKeyDown={handleGridKeyDown}
        sx={{
          tableLayout: 'fixed',
          minWidth: 1700,
          '&:focus-visible': { outline: 'none' },
          '&:focus [aria-selected="true"]': { outlineColor: 'primary.main' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ width: 48 }}>
              <Checkbox
                size="small"
                checked={allChecked}
                indeterminate={someChecked && !allChecked}
                onChange={(event) => onToggleAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': 'Select all rows on this page' } }}
              />
            </TableCell>
            {GRID_COLUMNS.map((column) => (
              <TableCell key={column.key} role="columnheader" sx={{ width: column.width, fontWeight: 600 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <GridRow
              key={row.id}
              row={row}
              index={index}
              selectedCol={selected?.row === index ? selected.col : -1}
              editing={editing?.row === index ? editing : null}
              checked={checked.has(row.id)}
              statuses={statuses[row.id]}
              onToggle={toggleRow}
              onSelect={select}
              onStartEditing={startEditing}
              onEditorDone={handleEditorDone}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type GridRowProps = {
  row: BulkDescriptionRow;
  index: number;
  /** The selected column in this row, -1 when the selection is elsewhere. */
  selectedCol: number;
  editing: Editing | null;
  checked: boolean;
  statuses: CellStatuses[number] | undefined;
  onToggle: (productId: number) => void;
  onSelect: (position: CellPosition) => void;
  onStartEditing: (position: CellPosition) => void;
  onEditorDone: (text: string | null, move?: 'next' | 'previous') => void;
};

const GridRow = memo(function GridRow({ row, index, selectedCol, editing, checked, statuses, onToggle, onSelect, onStartEditing, onEditorDone }: GridRowProps) {
  return (
    <TableRow aria-label={row.sku} selected={checked} hover>
      <TableCell padding="checkbox">
        <Checkbox size="small" checked={checked} onChange={() => onToggle(row.id)} slotProps={{ input: { 'aria-label': `Select ${row.sku}` } }} />
      </TableCell>
      {GRID_COLUMNS.map((column, col) => {
        const isSelected = selectedCol === col;
        const status = column.editable ? statuses?.[column.key] : undefined;
        const value = status?.state === 'saving' ? status.value : cellValue(row, column);
        const isEditing = editing?.col === col;
        return (
          <TableCell
            key={column.key}
            id={cellId(index, col)}
            role="gridcell"
            aria-label={`${column.label}, ${row.sku}`}
            aria-selected={isSelected}
            aria-readonly={!column.editable}
            aria-invalid={status?.state === 'failed' || undefined}
            onClick={() => onSelect({ row: index, col })}
            onDoubleClick={() => onStartEditing({ row: index, col })}
            sx={{
              verticalAlign: 'top',
              cursor: column.editable ? 'cell' : 'default',
              outline: isSelected ? 2 : 0,
              outlineStyle: 'solid',
              outlineColor: isSelected ? 'primary.light' : 'transparent',
              outlineOffset: -2,
              bgcolor: status?.state === 'failed' ? (theme) => alpha(theme.palette.error.main, 0.06) : undefined,
              boxShadow: status?.state === 'failed' ? (theme) => `inset 3px 0 0 ${theme.palette.error.main}` : undefined,
              p: isEditing ? 0 : undefined,
            }}
          >
            {isEditing && column.editable ? (
              <CellEditor label={`${column.label} of ${row.sku}`} initial={editing.initial} multiline={column.multiline} onDone={onEditorDone} />
            ) : (
              <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', opacity: status?.state === 'saving' ? 0.55 : 1 }}>
                <Box
                  component="span"
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    overflow: 'hidden',
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    wordBreak: 'break-word',
                    fontWeight: column.key === 'sku' ? 500 : undefined,
                    color: value ? 'text.primary' : 'text.disabled',
                  }}
                >
                  {value ? cellPreview(value) : column.editable ? '—' : ''}
                </Box>
                {status?.state === 'failed' ? (
                  <Tooltip title={status.message}>
                    <ErrorOutlineIcon color="error" fontSize="small" aria-label={`Not saved: ${status.message}`} />
                  </Tooltip>
                ) : null}
              </Box>
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
});

type CellEditorProps = {
  label: string;
  initial: string;
  multiline: boolean;
  /** text null: cancelled. */
  onDone: (text: string | null, move?: 'next' | 'previous') => void;
};

/** The input of the cell being edited. Shift+Enter adds a line in the long fields. */
function CellEditor({ label, initial, multiline, onDone }: CellEditorProps) {
  const [text, setText] = useState(initial);
  // Enter, Tab and Escape end the edit themselves; the blur that follows must not save again.
  const done = useRef(false);
  const finish = (value: string | null, move?: 'next' | 'previous') => {
    if (done.current) return;
    done.current = true;
    onDone(value, move);
  };
  return (
    <InputBase
      autoFocus
      fullWidth
      multiline={multiline}
      maxRows={multiline ? 8 : undefined}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onFocus={(event) => {
        // Typing started the edit with one character: keep the caret after it.
        const input = event.target as HTMLInputElement | HTMLTextAreaElement;
        input.setSelectionRange(input.value.length, input.value.length);
      }}
      onBlur={() => finish(text)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          finish(null);
        } else if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          finish(text);
        } else if (event.key === 'Tab') {
          event.preventDefault();
          finish(text, event.shiftKey ? 'previous' : 'next');
        }
      }}
      slotProps={{ input: { 'aria-label': label } }}
      sx={{ px: 1, py: 0.75, fontSize: 'inherit', bgcolor: 'background.paper', boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` }}
    />
  );
}
