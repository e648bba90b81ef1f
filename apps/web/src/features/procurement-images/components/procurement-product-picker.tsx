import type { ProcurementProductResponse } from '@kontor/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useProcurementProductPicker } from '../api/list-procurement-products';

export type PickedProduct = Pick<ProcurementProductResponse, 'id' | 'sku' | 'name' | 'supplier_name'>;

type ProcurementProductPickerProps = {
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  label?: string;
  required?: boolean;
  error?: string | null;
  autoFocus?: boolean;
  width?: number | string;
};

export const pickedLabel = (product: PickedProduct) => `${product.sku} — ${product.name}`;

/** Search-as-you-type over GET /procurement/products/?search= ; asks only while open. */
export function ProcurementProductPicker({
  value,
  onChange,
  label = 'Procurement product',
  required,
  error,
  autoFocus,
  width = 320,
}: ProcurementProductPickerProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue(input);
  // Searching by the chosen product's own label would narrow the list to that one product.
  const query = value && search === pickedLabel(value) ? '' : search;
  const results = useProcurementProductPicker(query, open);

  return (
    <Autocomplete<PickedProduct>
      size="small"
      sx={{ width }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, product) => onChange(product)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={open ? (results.data ?? []) : value ? [value] : []}
      filterOptions={(x) => x}
      getOptionLabel={pickedLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={({ key, ...props }, product) => (
        <li key={key} {...props}>
          {pickedLabel(product)}
          {product.supplier_name ? <span style={{ marginLeft: 8, opacity: 0.6 }}>{product.supplier_name}</span> : null}
        </li>
      )}
      loading={results.isFetching}
      noOptionsText={search ? 'No product matches' : 'Type to search'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder="SKU or name"
          required={required}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? undefined}
        />
      )}
    />
  );
}
