import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useMemo, useState } from 'react';
import { useProcurementCategoriesByIds, useProcurementCategorySearch, type ProcurementCategoryOption } from '../api/list-procurement-categories';

type ProcurementCategoriesFieldProps = {
  /** The mapped procurement category ids. */
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  error?: string | undefined;
};

const label = (option: ProcurementCategoryOption) => (option.supplier_name ? `${option.supplier_name}: ${option.path}` : option.path);

/**
 * Which supplier categories feed this catalog category: a multi-select searched as you type over
 * GET /procurement/categories/?search=, holding ids (saved as procurement_category_ids).
 */
export function ProcurementCategoriesField({ value, onChange, disabled, error }: ProcurementCategoriesFieldProps) {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input);
  const [open, setOpen] = useState(false);
  const results = useProcurementCategorySearch(search.trim(), open);
  const mapped = useProcurementCategoriesByIds(value);
  // Names of everything seen, so chips keep their label whichever query brought them.
  const [picked, setPicked] = useState<ProcurementCategoryOption[]>([]);
  const known = useMemo(() => new Map([...(mapped.data ?? []), ...picked].map((o) => [o.id, o])), [mapped.data, picked]);
  const selected = value.map((id) => known.get(id) ?? { id, path: mapped.isPending ? '…' : `#${id}`, supplier_name: '' });

  return (
    <Autocomplete
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      onChange={(_event, next) => {
        setPicked((before) => [...before, ...next]);
        onChange(next.map((o) => o.id));
      }}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      disableCloseOnSelect
      filterSelectedOptions
      options={results.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      noOptionsText={search ? 'No supplier category matches' : 'No supplier categories yet'}
      disabled={disabled}
      slotProps={{ chip: { size: 'small' } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Supplier categories"
          placeholder={value.length ? '' : 'Search supplier categories'}
          helperText={error ?? 'Products added from these supplier categories land in this category.'}
          error={Boolean(error)}
        />
      )}
    />
  );
}
