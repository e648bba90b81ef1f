import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useTaxonomyById, useTaxonomySearch, type TaxonomyChannel, type TaxonomyOption } from '@/lib/taxonomy-options';

type TaxonomyFieldProps = {
  channel: TaxonomyChannel;
  label: string;
  helperText: string;
  /** The mapped item id, or null for none. */
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
  error?: string | undefined;
};

/** One taxonomy item for a category or a product, searched as you type over GET /taxonomies/{channel}/?search=. */
export function TaxonomyField({ channel, label, helperText, value, onChange, disabled, error }: TaxonomyFieldProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const mapped = useTaxonomyById(channel, value);
  // The one just picked keeps its label until the lookup by id answers.
  const [picked, setPicked] = useState<TaxonomyOption | null>(null);
  const known = picked?.id === value ? picked : mapped.data;
  const selected = value === null ? null : (known ?? { id: value, taxonomy_id: 0, slug_en: mapped.isPending ? '…' : `#${value}` });
  // The box shows the selected path; only what the user typed over it is a search.
  const search = useDeferredValue(input === (selected?.slug_en ?? '') ? '' : input.trim());
  const results = useTaxonomySearch(channel, search, open);

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      onChange={(_event, next) => {
        setPicked(next);
        onChange(next?.id ?? null);
      }}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={results.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.slug_en}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={results.isFetching}
      noOptionsText={search ? 'No taxonomy item matches' : 'Type to search'}
      disabled={disabled}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder="Search the taxonomy" helperText={error ?? helperText} error={Boolean(error)} />
      )}
    />
  );
}
