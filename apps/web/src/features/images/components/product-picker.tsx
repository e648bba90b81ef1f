import type { ProductLiteResponse } from '@kontor/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useProductPicker } from '../api/product-images';

const label = (product: ProductLiteResponse) => `${product.sku} — ${product.name}`;

type ProductPickerProps = {
  /** Products already attached: not offered again. */
  exclude: ReadonlySet<number>;
  onPick: (product: ProductLiteResponse) => void;
  disabled?: boolean;
};

/** Search-as-you-type over the catalog (SKU or name); picking one attaches at once and clears the field. */
export function ProductPicker({ exclude, onPick, disabled }: ProductPickerProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue(input);
  const results = useProductPicker(search, open);
  const options = (results.data ?? []).filter((p) => !exclude.has(p.id));

  return (
    <Autocomplete<ProductLiteResponse>
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={null}
      onChange={(_event, product) => {
        if (product) onPick(product);
        setInput('');
      }}
      inputValue={input}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      disabled={disabled}
      noOptionsText={search ? 'No product matches' : 'Type to search'}
      renderInput={(params) => <TextField {...params} label="Attach to product" placeholder="SKU or name" />}
    />
  );
}
