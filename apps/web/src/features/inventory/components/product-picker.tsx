import type { ProductLiteResponse } from '@kontor/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useProductLite, useProductPicker } from '../api/list-products-lite';

type ProductPickerProps = {
  /** The chosen product's id, or 0 for none. */
  value: number;
  onChange: (product: ProductLiteResponse | null) => void;
  label?: string;
  size?: 'small' | 'medium';
};

const optionLabel = (product: ProductLiteResponse) => `${product.sku} — ${product.name}`;

/** Search-as-you-type over GET /catalog/products2/?search=. */
export function ProductPicker({ value, onChange, label = 'Product', size = 'small' }: ProductPickerProps) {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input);
  const [open, setOpen] = useState(false);
  const selected = useProductLite(value);
  const current = value > 0 ? (selected.data ?? null) : null;
  // Searching by the chosen product's own label would narrow the list to that one product.
  const query = current && search === optionLabel(current) ? '' : search;
  const results = useProductPicker(query);

  return (
    <Autocomplete
      size={size}
      sx={{ width: 300 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={current}
      onChange={(_event, product) => onChange(product)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={open ? (results.data ?? []) : current ? [current] : []}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      noOptionsText={search ? 'No product matches' : 'Type to search'}
      renderInput={(params) => <TextField {...params} label={label} placeholder="SKU or name" />}
    />
  );
}
