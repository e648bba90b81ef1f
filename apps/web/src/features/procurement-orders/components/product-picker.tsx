import type { ProductLiteResponse } from '@kontor/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useProductPicker } from '../api/list-products-lite';

type ProductPickerProps = {
  value: ProductLiteResponse | null;
  onChange: (product: ProductLiteResponse | null) => void;
  error?: string | null;
  disabled?: boolean;
};

export const productLabel = (product: ProductLiteResponse) => `${product.sku} — ${product.name}`;

/** Search-as-you-type over the catalog (GET /catalog/products2/?search=); asks only while open. */
export function ProductPicker({ value, onChange, error, disabled }: ProductPickerProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue(input);
  // Searching by the chosen product's own label would narrow the list to that one product.
  const query = value && search === productLabel(value) ? '' : search;
  const results = useProductPicker(query, open);

  return (
    <Autocomplete
      size="small"
      sx={{ flex: '1 1 280px', minWidth: 240 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, product) => onChange(product)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={open ? (results.data ?? []) : value ? [value] : []}
      filterOptions={(x) => x}
      getOptionLabel={productLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      disabled={disabled}
      noOptionsText={search ? 'No product matches' : 'Type to search'}
      renderInput={(params) => (
        <TextField {...params} label="Product" placeholder="SKU or name" required error={Boolean(error)} helperText={error ?? undefined} />
      )}
    />
  );
}
