import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState, type Ref } from 'react';
import { useProductPicker, type PickedProduct } from '../api/list-products';

type ProductPickerProps = {
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  label?: string;
  size?: 'small' | 'medium';
  error?: string | null;
  helperText?: string;
  width?: number | string;
  inputRef?: Ref<HTMLInputElement>;
};

export const productLabel = (product: PickedProduct) => `${product.sku} — ${product.name}`;

/** Search-as-you-type over GET /catalog/products/?search= (SKU or name); asks only while open. */
export function ProductPicker({ value, onChange, label = 'Product', size = 'small', error, helperText, width = 320, inputRef }: ProductPickerProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue(input);
  // Searching by the chosen product's own label would narrow the list to that one product.
  const query = value && search === productLabel(value) ? '' : search;
  const results = useProductPicker(query, open);

  return (
    <Autocomplete<PickedProduct>
      size={size}
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
      getOptionLabel={productLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      noOptionsText={search ? 'No product matches' : 'Type to search'}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder="SKU or name" error={Boolean(error)} helperText={error ?? helperText} inputRef={inputRef} />
      )}
    />
  );
}
