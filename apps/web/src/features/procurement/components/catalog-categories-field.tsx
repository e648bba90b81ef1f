import type { CatalogCategoryResponse } from '@kontor/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useCatalogCategorySearch } from '../api/list-catalog-categories';

export type CatalogCategoryOption = Pick<CatalogCategoryResponse, 'id' | 'title'>;

type CatalogCategoriesFieldProps = {
  value: CatalogCategoryOption[];
  onChange: (value: CatalogCategoryOption[]) => void;
  disabled?: boolean;
  helperText?: string;
  error?: boolean;
};

/** Multi-select of catalog categories, searched as you type over GET /catalog/categories/?search=. */
export function CatalogCategoriesField({ value, onChange, disabled, helperText, error }: CatalogCategoriesFieldProps) {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input);
  const [open, setOpen] = useState(false);
  const results = useCatalogCategorySearch(search.trim(), open);

  return (
    <Autocomplete
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      disableCloseOnSelect
      filterSelectedOptions
      options={results.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      noOptionsText={search ? 'No catalog category matches' : 'No catalog categories yet'}
      disabled={disabled}
      slotProps={{ chip: { size: 'small' } }}
      renderInput={(params) => (
        <TextField {...params} label="Catalog categories" placeholder={value.length ? '' : 'Search catalog categories'} helperText={helperText} error={error} />
      )}
    />
  );
}
