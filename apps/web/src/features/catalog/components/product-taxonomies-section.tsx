import { MESSAGES, type ProductTaxonomiesResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { TaxonomyField } from '@/components/taxonomy-field';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import type { TaxonomyChannel } from '@/lib/taxonomy-options';
import { useProductTaxonomies } from '../api/get-product-taxonomies';
import { useUpdateProductTaxonomies } from '../api/update-product-taxonomies';

type Choice = { google_taxonomy: number | null; facebook_taxonomy: number | null };
type FieldName = keyof Choice;

const CHANNELS: { name: FieldName; channel: TaxonomyChannel; label: string }[] = [
  { name: 'google_taxonomy', channel: 'google', label: 'Google product category' },
  { name: 'facebook_taxonomy', channel: 'facebook', label: 'Meta product category' },
];

/** What feeds use while the product has no choice of its own for the channel. */
function inheritedText(saved: ProductTaxonomiesResponse, name: FieldName): string {
  // Cleared here but still the product's own on the server: what it will inherit is known after saving.
  if (saved[name] !== null) return "Save to use the category's mapping instead.";
  const google = name === 'google_taxonomy';
  const from = google ? saved.google_inherited_from : saved.facebook_inherited_from;
  const effective = google ? saved.effective_google_taxonomy : saved.effective_facebook_taxonomy;
  return from && effective ? `Inherited from category ${from.title}: ${effective.slug_en}` : 'Not mapped';
}

/**
 * The product's own Google and Meta categories, which override what its catalog categories map
 * to. Saved on its own, apart from the product form. Empty means: inherit.
 */
export function ProductTaxonomiesSection({ productId }: { productId: number }) {
  const taxonomies = useProductTaxonomies(productId);
  return (
    <Card component="section" aria-label="Channel categories">
      <CardHeader title="Channel categories" subheader="The product's own Google and Meta categories. Empty: the one its category is mapped to." />
      <CardContent sx={{ pt: 0 }}>
        {taxonomies.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : taxonomies.isError ? (
          <Alert severity="error">{errorText(taxonomies.error)}</Alert>
        ) : (
          <ProductTaxonomiesForm productId={productId} saved={taxonomies.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ProductTaxonomiesForm({ productId, saved }: { productId: number; saved: ProductTaxonomiesResponse }) {
  const showSnackbar = useSnackbar();
  const mutation = useUpdateProductTaxonomies();
  // The draft starts from what was loaded; a save answers with the same values, so it stays in step.
  const [choice, setChoice] = useState<Choice>({ google_taxonomy: saved.google_taxonomy, facebook_taxonomy: saved.facebook_taxonomy });
  const dirty = choice.google_taxonomy !== saved.google_taxonomy || choice.facebook_taxonomy !== saved.facebook_taxonomy;
  const fieldErrors = fieldErrorsOf(mutation.error);
  const fieldError = (name: FieldName) => fieldErrors?.[name]?.join(' ');
  // Whatever the fields cannot show (another field, detail, a network failure) goes in the alert.
  const otherErrors = fieldErrors
    ? Object.entries(fieldErrors)
        .filter(([key]) => key !== 'google_taxonomy' && key !== 'facebook_taxonomy')
        .map(([key, messages]) => (key === 'detail' || key === 'non_field_errors' ? messages.join(' ') : `${key}: ${messages.join(' ')}`))
        .join(' ')
    : mutation.error
      ? errorText(mutation.error)
      : '';

  const handleChange = (name: FieldName, id: number | null) => {
    mutation.reset();
    setChoice((current) => ({ ...current, [name]: id }));
  };

  const handleDiscard = () => {
    mutation.reset();
    setChoice({ google_taxonomy: saved.google_taxonomy, facebook_taxonomy: saved.facebook_taxonomy });
  };

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ productId, body: choice }, { onSuccess: () => showSnackbar(MESSAGES.productUpdated) });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSave}>
      <Stack spacing={2}>
        {otherErrors ? <Alert severity="error">{otherErrors}</Alert> : null}
        {CHANNELS.map(({ name, channel, label }) => (
          <TaxonomyField
            key={name}
            channel={channel}
            label={label}
            value={choice[name]}
            onChange={(id) => handleChange(name, id)}
            helperText={choice[name] === null ? inheritedText(saved, name) : "The product's own choice. Clear it to use the category's."}
            error={fieldError(name)}
            disabled={mutation.isPending}
          />
        ))}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={handleDiscard} disabled={!dirty || mutation.isPending}>
            Discard
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending} disabled={!dirty}>
            Save
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
