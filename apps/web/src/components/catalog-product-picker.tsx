import type { ProductLiteResponse } from '@kontor/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState, type Ref } from 'react';
import { useCatalogProductSearch } from '@/lib/catalog-product-options';

/** What the picker shows and hands back of a product; a value may also come from elsewhere (e.g. a saved link's product). */
export type CatalogProductChoice = Pick<ProductLiteResponse, 'id' | 'sku' | 'name'>;

type CatalogProductPickerProps = {
  value: CatalogProductChoice | null;
  onChange: (product: CatalogProductChoice | null) => void;
  /** Products not offered (e.g. the ones an image is attached to already). */
  exclude?: ReadonlySet<number>;
  /** The field is an action rather than a value: each choice goes to onChange and the field empties again (pass value null). */
  clearOnChoose?: boolean;
  label?: string;
  size?: 'small' | 'medium';
  /** A fixed width; without one the field grows in a flex row from 280px (never under 240px), or fills a block. */
  width?: number | string;
  required?: boolean;
  error?: string | null;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

const productLabel = (product: CatalogProductChoice) => `${product.sku} — ${product.name}`;

/** Search-as-you-type over the catalog's SKUs and names (GET /catalog/products2/?search=); asks only while open. */
export function CatalogProductPicker({
  value,
  onChange,
  exclude,
  clearOnChoose = false,
  label = 'Product',
  size = 'small',
  width,
  required,
  error,
  helperText,
  disabled,
  autoFocus,
  inputRef,
}: CatalogProductPickerProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue(input);
  // Searching by the chosen product's own label would narrow the list to that one product.
  const query = value && search === productLabel(value) ? '' : search;
  const results = useCatalogProductSearch(query, open);
  const found = exclude ? (results.data ?? []).filter((product) => !exclude.has(product.id)) : (results.data ?? []);

  return (
    <Autocomplete<CatalogProductChoice>
      size={size}
      sx={width === undefined ? { flex: '1 1 280px', minWidth: 240 } : { width }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, product) => {
        onChange(product);
        if (clearOnChoose) setInput('');
      }}
      inputValue={input}
      // After a choice the field would show the chosen product's label; emptied instead when choosing is an action.
      onInputChange={(_event, next, reason) => {
        if (!(clearOnChoose && reason === 'reset')) setInput(next);
      }}
      options={open ? found : value ? [value] : []}
      filterOptions={(x) => x}
      getOptionLabel={productLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      disabled={disabled}
      noOptionsText={search ? 'No product matches' : 'Type to search'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder="SKU or name"
          required={required}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? helperText}
          inputRef={inputRef}
        />
      )}
    />
  );
}
