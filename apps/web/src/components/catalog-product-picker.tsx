import type { ProductLiteResponse } from '@kontor/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useCatalogProductSearch } from '@/lib/catalog-product-options';

type CatalogProductPickerProps = {
  value: ProductLiteResponse | null;
  onChange: (product: ProductLiteResponse | null) => void;
  error?: string | null;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

export const productLabel = (product: ProductLiteResponse) => `${product.sku} — ${product.name}`;

/** Search-as-you-type over the catalog (GET /catalog/products2/?search=); asks only while open. */
export function CatalogProductPicker({ value, onChange, error, helperText, disabled, autoFocus }: CatalogProductPickerProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue(input);
  // Searching by the chosen product's own label would narrow the list to that one product.
  const query = value && search === productLabel(value) ? '' : search;
  const results = useCatalogProductSearch(query, open);

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
        <TextField
          {...params}
          label="Product"
          placeholder="SKU or name"
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
