import type { ProcurementCategoryResponse } from '@kontor/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useParentOptions } from '../api/list-procurement-categories';

export type ParentOption = Pick<ProcurementCategoryResponse, 'id' | 'path'>;

type ParentCategoryFieldProps = {
  /** The supplier whose categories are offered; 0 while none is chosen. */
  supplier: number;
  value: ParentOption | null;
  onChange: (value: ParentOption | null) => void;
  helperText?: string;
  error?: boolean;
};

/** A category of the chosen supplier to put the new one under, searched by name or path. */
export function ParentCategoryField({ supplier, value, onChange, helperText, error }: ParentCategoryFieldProps) {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input);
  const [open, setOpen] = useState(false);
  // Searching by the chosen parent's own path would narrow the list to that one category.
  const query = value && search === value.path ? '' : search.trim();
  const results = useParentOptions(open ? supplier : 0, query);

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={open ? (results.data ?? []) : value ? [value] : []}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.path}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      noOptionsText={query ? 'No category matches' : 'This supplier has no categories yet'}
      disabled={supplier <= 0}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Parent category"
          placeholder={supplier > 0 ? 'None: a top-level category' : 'Choose a supplier first'}
          helperText={helperText}
          error={error}
        />
      )}
    />
  );
}
