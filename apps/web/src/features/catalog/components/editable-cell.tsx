import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useGridEditing } from './grid-edit-context';
import type { ParseResult } from './product-fields';

export type CellInput =
  | { kind: 'number'; min?: number; max?: number; step: number; unit?: string }
  | { kind: 'text'; multiline?: boolean }
  | { kind: 'select'; options: readonly { value: string; label: string }[] };

export type EditableCellProps<V> = {
  rowId: string;
  columnId: string;
  /** What the input is called, e.g. 'Length (mm) of SKU-1'. */
  label: string;
  /** The value as it reads when not editing. */
  display: ReactNode;
  /** The value as the input starts (the stored unit: mm, kg, kronor). */
  value: string;
  input: CellInput;
  parse: (text: string) => ParseResult<V>;
  /** Saves the value; rejects with the text to show when the server refuses it (the old value stays). */
  onSave: (value: V) => Promise<unknown>;
  align?: 'left' | 'right';
};

/**
 * A cell edited in place: click, Enter or F2 starts editing (the grid decides), Enter or leaving
 * the input saves only when the value changed and passes the spec §5 checks, Escape cancels.
 * While the save runs the new value shows faded; a refused save keeps the old value and marks
 * the cell with the server's message, and the next edit starts from the refused text (Escape drops it).
 */
export function EditableCell<V>({ rowId, columnId, label, display, value, input, parse, onSave, align = 'left' }: EditableCellProps<V>) {
  const { editing, stopEditing } = useGridEditing(rowId, columnId);
  const [pending, setPending] = useState<string | null>(null);
  /** A value refused (by the checks on leaving the input, or by the server) with the reason: the next edit starts from it. */
  const [refused, setRefused] = useState<{ text: string; error: string } | null>(null);
  const error = refused?.error ?? null;

  const handleCommit = (text: string, parsed: ParseResult<V>) => {
    if (!parsed.ok) {
      setRefused({ text, error: parsed.error });
      return;
    }
    setPending(text);
    setRefused(null);
    onSave(parsed.value).then(
      () => setPending(null),
      (failure: unknown) => {
        setPending(null);
        setRefused({ text, error: failure instanceof Error ? failure.message : String(failure) });
      },
    );
  };

  if (editing) {
    return (
      <CellEditor
        label={label}
        initial={refused?.text ?? value}
        initialError={refused?.error ?? null}
        input={input}
        align={align}
        parse={parse}
        onCancel={() => {
          // Escape gives the refused value up: the cell is back to what is stored.
          setRefused(null);
          stopEditing(true);
        }}
        onCommit={(text, parsed, refocus, move) => {
          stopEditing(refocus, move);
          if (text !== value) handleCommit(text, parsed);
          else setRefused(null);
        }}
      />
    );
  }

  const shown =
    pending === null ? (
      display
    ) : (
      <Box component="span" sx={{ opacity: 0.6, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {input.kind === 'select' ? (input.options.find((option) => option.value === pending)?.label ?? pending) : pending}
        {input.kind === 'number' && input.unit && pending !== '' ? ` ${input.unit}` : ''}
        <CircularProgress size={12} aria-label="Saving" />
      </Box>
    );

  // Plain elements styled by the grid's class rules (data-grid.tsx): a page shows hundreds of these.
  return (
    <div data-editable className="editable-cell" data-align={align} data-error={error ? '' : undefined}>
      {error ? (
        <Tooltip title={error}>
          <ErrorOutlineIcon color="error" fontSize="small" aria-label={error} />
        </Tooltip>
      ) : null}
      <span className="editable-cell-value">{shown}</span>
    </div>
  );
}

type CellEditorProps<V> = {
  label: string;
  initial: string;
  /** Why the initial value was refused, when it is a refused value. */
  initialError: string | null;
  input: CellInput;
  align: 'left' | 'right';
  parse: (text: string) => ParseResult<V>;
  onCancel: () => void;
  onCommit: (text: string, parsed: ParseResult<V>, refocus: boolean, move?: 1 | -1) => void;
};

/** Mounted only while editing, so every edit starts from the stored value. */
function CellEditor<V>({ label, initial, initialError, input, align, parse, onCancel, onCommit }: CellEditorProps<V>) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(initialError);
  // Enter and Escape end the edit themselves; the blur that follows must not save a second time.
  const done = useRef(false);
  // A closed native select changes its value on each arrow key (and fires a change for it): that
  // moves through the options, and Enter saves. A pick from its open list (a click, or Enter in the
  // list) saves at once.
  const keyedChange = useRef(false);

  const finish = (next: string, refocus: boolean, move?: 1 | -1) => {
    if (done.current) return;
    const parsed = parse(next);
    // Enter on a refused value keeps the input open with the reason; leaving it hands the reason to the cell.
    if (!parsed.ok && refocus) {
      setError(parsed.error);
      return;
    }
    done.current = true;
    onCommit(next, parsed, refocus, move);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    keyedChange.current = input.kind === 'select' && event.key !== 'Enter' && event.key !== 'Escape' && event.key !== 'Tab';
    if (event.key === 'Escape') {
      event.preventDefault();
      done.current = true;
      onCancel();
    } else if (event.key === 'Enter' && !(input.kind === 'text' && input.multiline && event.shiftKey)) {
      event.preventDefault();
      finish(text, true);
    } else if (event.key === 'Tab') {
      // As in a spreadsheet: saves and goes on to the next cell of the row (Shift+Tab the one before),
      // where the browser would take the focus out of the grid.
      event.preventDefault();
      finish(text, true, event.shiftKey ? -1 : 1);
    }
  };

  const common = {
    size: 'small' as const,
    fullWidth: true,
    autoFocus: true,
    value: text,
    error: Boolean(error),
    helperText: error ?? undefined,
    onKeyDown: handleKeyDown,
    onBlur: () => finish(text, false),
    sx: { my: -0.25, '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'normal' } },
  };

  if (input.kind === 'select') {
    return (
      <Box data-cell-editor>
        <TextField
          {...common}
          select
          onMouseDown={() => {
            keyedChange.current = false;
          }}
          onChange={(event) => {
            setText(event.target.value);
            if (keyedChange.current) keyedChange.current = false;
            else finish(event.target.value, true);
          }}
          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
        >
          {input.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
      </Box>
    );
  }

  const numeric = input.kind === 'number';
  return (
    <Box data-cell-editor>
      <TextField
        {...common}
        // A text input for numbers too: a number input loses a decimal comma (see decimalText).
        type="text"
        multiline={input.kind === 'text' && input.multiline}
        maxRows={input.kind === 'text' && input.multiline ? 4 : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: {
            'aria-label': label,
            ...(numeric ? { inputMode: 'decimal', autoComplete: 'off', style: { textAlign: align } } : {}),
          },
          input: numeric && input.unit ? { endAdornment: <InputAdornment position="end">{input.unit}</InputAdornment> } : undefined,
        }}
      />
    </Box>
  );
}
