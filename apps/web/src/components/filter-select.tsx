import TextField from '@mui/material/TextField';

export type FilterOption = { value: string; label: string };

type FilterSelectProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Include `{ value: '', label: 'All …' }` first when the filter can be off. */
  options: readonly FilterOption[];
  minWidth?: number;
  /**
   * A fixed width, for options that arrive after the first render (a native select grows to
   * its widest option): the filter bar then keeps its layout instead of shifting (CLS).
   */
  width?: number;
};

/**
 * A filter bar's select. Native on purpose: the keyboard and type-ahead work as in any
 * form, and end-to-end tests pick options by their text.
 */
export function FilterSelect({ label, value, onChange, options, minWidth = 150, width }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth, width }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
