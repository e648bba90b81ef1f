import Box from '@mui/material/Box';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { Theme } from '@mui/material/styles';
import { flexRender, getCoreRowModel, useReactTable, type Column, type ColumnDef, type Row } from '@tanstack/react-table';
import {
  defaultRangeExtractor,
  elementScroll,
  useVirtualizer,
  type Range,
  type Rect,
  type Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import {
  Fragment,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { GridEditContext, type EditingCell, type GridEditState } from './grid-edit-context';

/** What the grid reads from a column definition's `meta`. */
export type GridColumnMeta = {
  align?: 'left' | 'right' | 'center';
  /** The column takes the room that is left (its size is the minimum). */
  grow?: boolean;
  /** Stays in view when the grid scrolls sideways (only a run of columns from the first one). */
  sticky?: boolean;
  /** The list's ordering field this column sorts by; its header becomes a sort button. */
  sortField?: string;
};

export type GridColumn<T> = ColumnDef<T> & { meta?: GridColumnMeta };

const metaOf = <T,>(column: Column<T, unknown>) => (column.columnDef.meta ?? {}) as GridColumnMeta;

/** A cell is editable when it renders an EditableCell (which marks itself): the cell's content decides, row by row. */
const isEditable = (cell: HTMLElement) => cell.getAttribute('role') === 'gridcell' && cell.querySelector('[data-editable]') !== null;

const HEADER_ROW_HEIGHT = 40;
/** Rows above the start and below the end of the viewport that stay rendered, so arrow keys always land on a rendered row. */
const OVERSCAN = 6;
const PAGE_STEP = 10;

/*
 * The virtualizer learns the sizes of the viewport and of the rows from ResizeObservers, which
 * report after the browser's own layout, instead of reading them while React commits (its
 * default): a read there forces the first layout of a whole new page of rows inside the commit,
 * one long task where the browser would have made two (DESIGN §9). Until the observers report,
 * the viewport is taken as tall as its CSS allows and a row as its estimate.
 */
const viewportGuess = (): Rect => ({ width: 0, height: Math.max(420, window.innerHeight - 300) });

function observeViewport(instance: Virtualizer<HTMLDivElement, Element>, report: (rect: Rect) => void) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => report({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element);
  return () => observer.disconnect();
}

/** Virtualizers that have written a scroll offset once. */
const hasScrolled = new WeakSet<object>();

/** The virtualizer's first write (offset 0, as it mounts) is left out: a new grid is at the top already, and the write would force that layout too. */
const scrollViewport: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (offset, options, instance) => {
  const first = !hasScrolled.has(instance);
  hasScrolled.add(instance);
  if (first && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
};

function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';
const focusablesIn = (cell: HTMLElement) => Array.from(cell.querySelectorAll<HTMLElement>(FOCUSABLE));

type Position = { row: number; col: number };

/** Left offsets of the sticky columns at the start (null for the others), and their total width. */
type StickyLayout = { offsets: (number | null)[]; width: number };

function stickyLayoutOf<T>(columns: GridColumn<T>[]): StickyLayout {
  const leaves = columns.flatMap((column) => ('columns' in column && column.columns ? (column.columns as GridColumn<T>[]) : [column]));
  const offsets: (number | null)[] = [];
  let width = 0;
  let run = true;
  for (const leaf of leaves) {
    run = run && Boolean(leaf.meta?.sticky);
    offsets.push(run ? width : null);
    if (run) width += leaf.size ?? 150;
  }
  return { offsets, width };
}

/** A sticky cell covers what scrolls under it: the paper, tinted like its row (hover, selection). */
const stickySx = (layout: StickyLayout, col: number) => {
  const left = layout.offsets[col];
  if (left === null || left === undefined) return { scrollMarginLeft: layout.width };
  const last = layout.offsets[col + 1] === null || layout.offsets[col + 1] === undefined;
  return {
    position: 'sticky',
    left,
    zIndex: 1,
    bgcolor: 'background.paper',
    backgroundImage: 'linear-gradient(var(--row-tint, transparent), var(--row-tint, transparent))',
    ...(last ? { boxShadow: (theme: Theme) => `inset -1px 0 0 ${theme.palette.divider}` } : null),
  } as const;
};

/** The body rows' and cells' styles, written once for the whole grid (see GridRowBase). */
const BODY_SX = (theme: Theme) =>
  ({
    '& .grid-row': {
      display: 'grid',
      alignItems: 'stretch',
      borderBottom: `1px solid ${theme.palette.divider}`,
      '--row-tint': 'transparent',
      backgroundColor: 'var(--row-tint)',
      '&:hover': { '--row-tint': theme.palette.action.hover },
      '&[aria-selected="true"], &[aria-selected="true"]:hover': { '--row-tint': theme.palette.action.selected },
    },
    '& .grid-cell': {
      padding: theme.spacing(0.75, 1),
      minWidth: 0,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'center',
      alignItems: 'stretch',
      textAlign: 'left',
      overflowWrap: 'anywhere',
      '&[data-align="right"]': { alignItems: 'flex-end', textAlign: 'right' },
      '&[data-align="center"]': { alignItems: 'center', textAlign: 'center' },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    },
    '& .sticky-cell': {
      position: 'sticky',
      zIndex: 1,
      backgroundColor: theme.palette.background.paper,
      backgroundImage: 'linear-gradient(var(--row-tint, transparent), var(--row-tint, transparent))',
    },
    '& .last-sticky-cell': { boxShadow: `inset -1px 0 0 ${theme.palette.divider}` },
    // What the cells render, as plain elements with these classes rather than MUI components
    // (lengths as CSS strings: a bare number here is a theme spacing or radius multiple):
    // a page of rows is hundreds of cells, and an MUI Checkbox, Link or Tooltip costs a dozen
    // elements and a style serialization each, the first paint of the catalog's budget (DESIGN §9).
    '& .grid-checkbox': { width: 18, height: 18, margin: 0, cursor: 'pointer', accentColor: theme.palette.primary.main },
    '& .grid-checkbox:disabled': { cursor: 'default' },
    '& .grid-mono': { fontFamily: 'monospace' },
    '& .grid-caption': { fontFamily: 'monospace', fontSize: 12, lineHeight: 1.66, color: theme.palette.text.secondary },
    '& .grid-link': {
      color: theme.palette.primary.main,
      fontWeight: 500,
      textDecoration: 'none',
      '&:hover': { textDecoration: 'underline' },
    },
    '& .grid-thumb': {
      width: 40,
      height: 40,
      borderRadius: `${theme.shape.borderRadius}px`,
      objectFit: 'cover',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      backgroundColor: theme.palette.action.hover,
      color: theme.palette.text.disabled,
    },
    '& .grid-icon-button': {
      display: 'inline-flex',
      padding: '5px',
      borderRadius: '50%',
      color: theme.palette.action.active,
      '&:hover': { backgroundColor: theme.palette.action.hover },
    },
    '& .editable-cell': {
      display: 'flex',
      alignItems: 'center',
      gap: '4px',
      minHeight: 32,
      padding: '0 6px',
      margin: '0 -6px',
      borderRadius: `${theme.shape.borderRadius}px`,
      cursor: 'text',
      border: '1px solid transparent',
      '&[data-align="right"]': { justifyContent: 'flex-end' },
      '& > .editable-cell-value': { minWidth: 0 },
    },
    '& .grid-cell:hover > .editable-cell': { borderColor: theme.palette.divider },
    '& .editable-cell[data-error], & .grid-cell:hover > .editable-cell[data-error]': { borderColor: theme.palette.error.main },
  }) as const;

export type DataGridProps<T> = {
  label: string;
  rows: T[];
  columns: GridColumn<T>[];
  getRowId: (row: T) => string;
  rowLabel: (row: T) => string;
  isRowSelected?: (row: T) => boolean;
  /** A first guess at a row's height; rows are measured once rendered. */
  estimateRowHeight: number;
  /** Shown instead of rows: the empty, loading or error state. */
  message?: ReactNode;
  /** The current ordering (`field` or `-field`); headers with a `sortField` show and change it. */
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
};

/** Ascending first; a second press on the same column turns it round. */
const nextOrdering = (current: string | undefined, field: string) => (current === field ? `-${field}` : field);

/**
 * A virtualized data grid (ARIA grid pattern): only the rows in view (plus an overscan) are in
 * the DOM, so a page of 100 rich rows scrolls smoothly. One cell at a time is in the tab order
 * (roving tabindex); arrow keys, Home/End and PageUp/PageDown move between cells. Enter or F2
 * edits an editable cell; on a cell holding controls, Enter activates its only control or moves
 * into the cell (arrows move between its controls, Escape leaves). Space toggles a row checkbox.
 */
export function DataGrid<T>({
  label,
  rows,
  columns,
  getRowId,
  rowLabel,
  isRowSelected,
  estimateRowHeight,
  message,
  ordering,
  onOrderingChange,
}: DataGridProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Position>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const focusPending = useRef(false);
  // A page's first rows paint without the overscan, which follows in a transition right after:
  // a third fewer rows in the commit that shows the grid (DESIGN §9).
  const [overscan, setOverscan] = useState(0);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns a mutable instance; nothing here is memoized across it.
  const table = useReactTable({ data: rows, columns, getRowId, getCoreRowModel: getCoreRowModel() });
  const headerGroups = table.getHeaderGroups();
  const leafColumns = table.getVisibleLeafColumns();
  const tableRows = table.getRowModel().rows;
  const headerRows = headerGroups.length;

  const template = leafColumns.map((column) => (metaOf(column).grow ? `minmax(${column.getSize()}px, 1fr)` : `${column.getSize()}px`)).join(' ');
  const minWidth = leafColumns.reduce((sum, column) => sum + column.getSize(), 0);
  const sticky = useMemo(() => stickyLayoutOf(columns), [columns]);

  // The row of the cell being edited stays rendered when it scrolls out of view (the wheel, a
  // drag of the scrollbar): unmounted, its input would take what was typed with it, unsaved.
  const editingIndex = editing ? tableRows.findIndex((row) => row.id === editing.rowId) : -1;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (editingIndex < 0 || indexes.includes(editingIndex)) return indexes;
      return [...indexes, editingIndex].sort((a, b) => a - b);
    },
    [editingIndex],
  );

  const virtualizer = useVirtualizer({
    count: message ? 0 : tableRows.length,
    rangeExtractor,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    getItemKey: (index) => tableRows[index]?.id ?? index,
    overscan,
    paddingStart: headerRows * HEADER_ROW_HEIGHT,
    initialRect: viewportGuess(),
    observeElementRect: observeViewport,
    measureElement: measureRow,
    scrollToFn: scrollViewport,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const paddingTop = virtualRows.length ? virtualRows[0]!.start - headerRows * HEADER_ROW_HEIGHT : 0;
  const paddingBottom = virtualRows.length ? virtualizer.getTotalSize() - virtualRows[virtualRows.length - 1]!.end : 0;
  const lastRow = message ? 0 : tableRows.length;
  const activeRow = Math.min(active.row, lastRow);
  const activeCol = Math.min(active.col, leafColumns.length - 1);
  const activeRendered = activeRow === 0 || virtualRows.some((item) => item.index === activeRow - 1);

  const rowsShown = virtualRows.length > 0;
  useEffect(() => {
    if (rowsShown) startTransition(() => setOverscan(OVERSCAN));
  }, [rowsShown]);

  // Moving the focus is a DOM effect of a key press; it runs after the target cell has rendered (it may be scrolled in first).
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(`[data-row="${activeRow}"][data-col="${activeCol}"]`);
    if (cell) {
      focusPending.current = false;
      cell.focus();
    }
  });

  const moveTo = (row: number, col: number) => {
    const next = { row: Math.max(0, Math.min(row, lastRow)), col: Math.max(0, Math.min(col, leafColumns.length - 1)) };
    focusPending.current = true;
    if (next.row > 0 && !virtualRows.some((item) => item.index === next.row - 1)) virtualizer.scrollToIndex(next.row - 1);
    setActive(next);
    if (next.row === activeRow && next.col === activeCol) {
      gridRef.current?.querySelector<HTMLElement>(`[data-row="${next.row}"][data-col="${next.col}"]`)?.focus();
    }
  };

  const editState = useMemo<GridEditState>(
    () => ({
      editing,
      startEditing: (cell) => setEditing(cell),
      stopEditing: (refocus, move) => {
        setEditing(null);
        if (move) setActive((at) => ({ row: at.row, col: Math.max(0, Math.min(at.col + move, leafColumns.length - 1)) }));
        if (refocus || move) focusPending.current = true;
      },
    }),
    [editing, leafColumns.length],
  );

  const startEditingAt = (row: number, col: number) => {
    const tableRow = tableRows[row - 1];
    const column = leafColumns[col];
    if (tableRow && column) setEditing({ rowId: tableRow.id, columnId: column.id });
  };

  const cellOf = (target: EventTarget) => {
    const cell = (target as HTMLElement).closest<HTMLElement>('[data-col]');
    return cell && gridRef.current?.contains(cell) ? { cell, row: Number(cell.dataset.row), col: Number(cell.dataset.col) } : null;
  };

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    const found = cellOf(event.target);
    if (found && (found.row !== active.row || found.col !== active.col)) setActive({ row: found.row, col: found.col });
  };

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const found = cellOf(target);
    if (!found || target.closest('[data-cell-editor]')) return;
    // A click on a control inside the cell (a link, a button) does what the control does.
    if (target !== found.cell && target.closest(FOCUSABLE)) return;
    if (isEditable(found.cell)) startEditingAt(found.row, found.col);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const found = cellOf(target);
    if (!found || target.closest('[data-cell-editor]')) return;
    const { cell, row, col } = found;
    if (target !== cell) {
      // The focus is on a control inside the cell.
      if (event.key === 'Escape') {
        event.preventDefault();
        cell.focus();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        const controls = focusablesIn(cell);
        const at = controls.indexOf(target);
        const next = controls[at + (event.key === 'ArrowRight' ? 1 : -1)];
        if (next) {
          event.preventDefault();
          next.focus();
        }
      }
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        moveTo(row + 1, col);
        break;
      case 'ArrowUp':
        moveTo(row - 1, col);
        break;
      case 'ArrowRight':
        moveTo(row, col + 1);
        break;
      case 'ArrowLeft':
        moveTo(row, col - 1);
        break;
      case 'Home':
        moveTo(event.ctrlKey ? 0 : row, 0);
        break;
      case 'End':
        moveTo(event.ctrlKey ? lastRow : row, leafColumns.length - 1);
        break;
      case 'PageDown':
        moveTo(row + PAGE_STEP, col);
        break;
      case 'PageUp':
        moveTo(row - PAGE_STEP, col);
        break;
      case 'Enter':
      case 'F2': {
        if (isEditable(cell)) {
          startEditingAt(row, col);
          break;
        }
        const controls = focusablesIn(cell);
        if (!controls.length) return;
        if (controls.length === 1 && event.key === 'Enter') controls[0]!.click();
        else controls[0]!.focus();
        break;
      }
      case ' ': {
        const checkbox = cell.querySelector<HTMLInputElement>('input[type="checkbox"]');
        if (!checkbox) return;
        checkbox.click();
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <GridEditContext value={editState}>
      <Box ref={scrollRef} sx={{ overflow: 'auto', maxHeight: 'max(420px, calc(100vh - 300px))', position: 'relative', borderTop: 1, borderColor: 'divider' }}>
        <Box
          ref={gridRef}
          role="grid"
          aria-label={label}
          aria-rowcount={headerRows + (message ? 0 : tableRows.length)}
          aria-colcount={leafColumns.length}
          onKeyDown={handleKeyDown}
          onClick={handleClick}
          onFocus={handleFocus}
          sx={[{ minWidth, fontSize: 14 }, BODY_SX]}
        >
          <Box
            role="rowgroup"
            sx={{ position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper', boxShadow: (theme) => `inset 0 -1px 0 ${theme.palette.divider}` }}
          >
            {headerGroups.map((group, groupIndex) => {
              const leafRow = groupIndex === headerRows - 1;
              let colIndex = 0;
              return (
                <Box
                  key={group.id}
                  role="row"
                  aria-rowindex={groupIndex + 1}
                  sx={{ display: 'grid', gridTemplateColumns: template, minHeight: HEADER_ROW_HEIGHT }}
                >
                  {group.headers.map((header) => {
                    const col = colIndex;
                    colIndex += header.colSpan;
                    const align = metaOf(header.column).align ?? 'left';
                    const sortField = leafRow && onOrderingChange ? metaOf(header.column).sortField : undefined;
                    const sorted = sortField && ordering === sortField ? 'asc' : sortField && ordering === `-${sortField}` ? 'desc' : null;
                    const focusable = leafRow && (activeRow === 0 || !activeRendered) && activeCol === col;
                    return (
                      <Box
                        key={header.id}
                        role="columnheader"
                        aria-colindex={col + 1}
                        aria-colspan={header.colSpan > 1 ? header.colSpan : undefined}
                        aria-sort={sortField ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                        data-row={leafRow ? 0 : undefined}
                        data-col={leafRow ? col : undefined}
                        tabIndex={leafRow ? (focusable ? 0 : -1) : undefined}
                        sx={{
                          ...(header.colSpan === 1 ? stickySx(sticky, col) : null),
                          gridColumn: `span ${header.colSpan}`,
                          display: 'flex',
                          alignItems: 'center',
                          justifyContent: align === 'right' ? 'flex-end' : align === 'center' ? 'center' : 'flex-start',
                          textAlign: align,
                          px: 1,
                          py: 0.5,
                          fontWeight: 600,
                          fontSize: 13,
                          color: 'text.secondary',
                          lineHeight: 1.3,
                          borderBottom: leafRow ? 0 : 1,
                          borderColor: 'divider',
                          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                        }}
                      >
                        {header.isPlaceholder ? null : sortField ? (
                          <TableSortLabel
                            component="button"
                            type="button"
                            active={sorted !== null}
                            direction={sorted ?? 'asc'}
                            tabIndex={-1}
                            onClick={() => onOrderingChange?.(nextOrdering(ordering, sortField))}
                            // A button does not inherit the header's font by default: sortable headers looked lighter and smaller.
                            sx={{ font: 'inherit', flexDirection: align === 'right' ? 'row-reverse' : 'row' }}
                          >
                            {flexRender(header.column.columnDef.header, header.getContext())}
                          </TableSortLabel>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </Box>
                    );
                  })}
                </Box>
              );
            })}
          </Box>
          <Box role="rowgroup">
            {message ? (
              <Box role="row" aria-rowindex={headerRows + 1}>
                <Box role="gridcell" sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
                  {message}
                </Box>
              </Box>
            ) : (
              <>
                {paddingTop > 0 ? <Box aria-hidden sx={{ height: paddingTop }} /> : null}
                {virtualRows.map((item, position) => {
                  const row = tableRows[item.index]!;
                  // A kept row (the one being edited) away from the others sits at its place, after a gap.
                  const previous = virtualRows[position - 1];
                  const gap = previous ? item.start - previous.end : 0;
                  return (
                    <Fragment key={row.id}>
                      {gap > 0 ? <Box aria-hidden sx={{ height: gap }} /> : null}
                      <GridRow
                        key={row.id}
                        row={row}
                        columns={columns}
                        index={item.index}
                        ariaRowIndex={headerRows + item.index + 1}
                        activeCol={activeRow === item.index + 1 ? activeCol : -1}
                        template={template}
                        label={rowLabel(row.original)}
                        selected={isRowSelected?.(row.original) ?? false}
                        measure={virtualizer.measureElement}
                        scrollMargin={headerRows * HEADER_ROW_HEIGHT}
                        sticky={sticky}
                      />
                    </Fragment>
                  );
                })}
                {paddingBottom > 0 ? <Box aria-hidden sx={{ height: paddingBottom }} /> : null}
              </>
            )}
          </Box>
        </Box>
      </Box>
    </GridEditContext>
  );
}

type GridRowProps<T> = {
  row: Row<T>;
  /** The column definitions the cells render from; a new set re-renders the row. */
  columns: GridColumn<T>[];
  index: number;
  ariaRowIndex: number;
  /** The column of the focusable cell when it is in this row, else -1. */
  activeCol: number;
  template: string;
  label: string;
  selected: boolean;
  measure: (element: Element | null) => void;
  scrollMargin: number;
  sticky: StickyLayout;
};

/**
 * Rows and cells are plain elements styled by the grid's class rules (BODY_SX): a page of 100
 * rows is thousands of cells, and per-cell `sx` objects cost a style serialization each.
 */
function GridRowBase<T>({ row, index, ariaRowIndex, activeCol, template, label, selected, measure, scrollMargin, sticky }: GridRowProps<T>) {
  return (
    <div
      ref={measure}
      className="grid-row"
      data-index={index}
      role="row"
      aria-rowindex={ariaRowIndex}
      aria-selected={selected}
      aria-label={label}
      style={{ gridTemplateColumns: template }}
    >
      {row.getVisibleCells().map((cell, col) => {
        const align = metaOf(cell.column).align ?? 'left';
        const left = sticky.offsets[col];
        const isSticky = left !== null && left !== undefined;
        const lastSticky = isSticky && (sticky.offsets[col + 1] === null || sticky.offsets[col + 1] === undefined);
        return (
          <div
            key={cell.id}
            className={isSticky ? (lastSticky ? 'grid-cell sticky-cell last-sticky-cell' : 'grid-cell sticky-cell') : 'grid-cell'}
            role="gridcell"
            aria-colindex={col + 1}
            data-row={index + 1}
            data-col={col}
            data-align={align}
            tabIndex={activeCol === col ? 0 : -1}
            style={isSticky ? { left, scrollMarginTop: scrollMargin } : { scrollMarginLeft: sticky.width, scrollMarginTop: scrollMargin }}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </div>
        );
      })}
    </div>
  );
}

/** Rows re-render only when their data, their columns, their focus or their selection change, not on every key press. */
const GridRow = memo(GridRowBase) as typeof GridRowBase;
