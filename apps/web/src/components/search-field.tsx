import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useRef, useState } from 'react';

const DEBOUNCE_MS = 300;

type SearchFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue'> & {
  value: string;
  /** Called 300 ms after typing stops, or at once on Enter. */
  onSearch: (value: string) => void;
};

/** A search box that does not fire a request per keystroke. */
export function SearchField({ value, onSearch, label = 'Search', size = 'small', fullWidth = false, ...props }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const [previousValue, setPreviousValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The value changed from outside (filters reset, back button): show what it says.
  if (value !== previousValue) {
    setPreviousValue(value);
    setText(value);
  }

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next !== value) onSearch(next);
  };

  return (
    <TextField
      {...props}
      label={label}
      size={size}
      fullWidth={fullWidth}
      type="search"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next.trim()), DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit(text.trim());
        }
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
