import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, type ProductResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useLocationOptions } from '../api/list-location-options';
import { useProductTypes } from '../api/list-product-types';
import { useUpdateProducts } from '../api/update-products';
import { NUMBER_INPUTS } from './product-fields';
import {
  PRODUCT_EDIT_FIELDS,
  ProductFormSchema,
  changedFields,
  productRowErrors,
  toProductFormValues,
  type ProductEditValues,
  type ProductFormValues,
} from './product-edit-schema';

type FormControl = Control<ProductFormValues, unknown, ProductEditValues>;
const selectProps = { select: { native: true }, inputLabel: { shrink: true } } as const;

const adornment = (unit: string) => ({ endAdornment: <InputAdornment position="end">{unit}</InputAdornment> });
const numberProps = (limits: { min?: number; max?: number; step: number }, unit?: string) => ({
  htmlInput: { ...limits, inputMode: 'decimal' as const },
  ...(unit ? { input: adornment(unit) } : {}),
});

function Section({ title, subheader, children }: { title: string; subheader?: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} subheader={subheader} />
      <CardContent sx={{ pt: 0 }}>
        <Grid container spacing={2}>
          {children}
        </Grid>
      </CardContent>
    </Card>
  );
}

function NumberField({
  control,
  name,
  label,
  limits,
  unit,
  helperText,
}: {
  control: FormControl;
  name: keyof ProductFormValues;
  label: string;
  limits: { min?: number; max?: number; step: number };
  unit?: string;
  helperText?: string;
}) {
  // A text input: a number input loses a decimal comma (see decimalText).
  return <FormTextField control={control} name={name} label={label} fullWidth helperText={helperText} slotProps={numberProps(limits, unit)} />;
}

/** The editable fields of one product. Save sends only what changed; the server's 400 lands on the fields it names. */
export function ProductEditForm({ product }: { product: ProductResponse }) {
  const showSnackbar = useSnackbar();
  const productTypes = useProductTypes();
  const locations = useLocationOptions();
  const updateMutation = useUpdateProducts();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = useForm<ProductFormValues, unknown, ProductEditValues>({ resolver: zodResolver(ProductFormSchema), defaultValues: toProductFormValues(product) });
  useUnsavedChanges(isDirty, ['id']);

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    const changes = changedFields(values, product);
    if (Object.keys(changes).length === 0) {
      reset(toProductFormValues(product));
      return;
    }
    updateMutation.mutate(
      { products: [{ id: product.id, ...changes }] },
      {
        onSuccess: ({ products }) => {
          showSnackbar(MESSAGES.productUpdated);
          const saved = products.find((row) => row.id === product.id);
          if (saved) reset(toProductFormValues(saved));
        },
        onError: (error) => setFormError(applyServerErrors(productRowErrors(error), PRODUCT_EDIT_FIELDS, setError)),
      },
    );
  });

  // A location that became obsolete stays selectable while it is the product's default.
  const locationOptions = locations.data ?? [];
  const savedLocationMissing = product.default_location_id !== null && locations.data && !locationOptions.some((l) => l.id === product.default_location_id);

  return (
    <form noValidate onSubmit={handleSave} aria-label="Product">
      <Stack spacing={2}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            position: 'sticky',
            top: { xs: 56, sm: 64 },
            zIndex: 2,
            bgcolor: 'background.default',
            py: 1,
          }}
        >
          <Typography variant="body2" color={isDirty ? 'warning.main' : 'text.secondary'} role="status">
            {isDirty ? 'Unsaved changes' : 'All changes saved'}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            onClick={() => {
              setFormError(null);
              reset(toProductFormValues(product));
            }}
            disabled={!isDirty || updateMutation.isPending}
          >
            Discard
          </Button>
          <Button type="submit" variant="contained" loading={updateMutation.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </Box>
        {formError ? <Alert severity="error">{formError}</Alert> : null}

        <Section title="Product">
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="sku" label="SKU" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <FormTextField control={control} name="name" label="Name" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="product_type" label="Product type" select fullWidth slotProps={selectProps}>
              {(productTypes.data ?? [{ value: product.product_type, name: product.product_type }]).map((type) => (
                <option key={type.value} value={type.value}>
                  {type.name}
                </option>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="product__stock_proxy_parent"
              label="Stock proxy parent (id)"
              type="number"
              fullWidth
              helperText={
                product.product__stock_proxy_parent ? (
                  <Link component={RouterLink} to={`/catalog/products/edit?id=${product.product__stock_proxy_parent}`}>
                    Open the parent
                  </Link>
                ) : (
                  'A variation takes its stock from this product.'
                )
              }
              slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <Controller
              control={control}
              name="archived"
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} inputRef={field.ref} />}
                  label="Archived"
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <FormTextField control={control} name="url" label="Product page URL" type="url" placeholder="https://" fullWidth />
          </Grid>
        </Section>

        <Section title="Costs and prices" subheader="Costs excl. VAT; prices incl. VAT. An empty price override means the automatic price applies.">
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberField control={control} name="vat" label="VAT" limits={NUMBER_INPUTS.vat} unit="%" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberField control={control} name="cost_shipping" label="Shipping cost" limits={NUMBER_INPUTS.money} unit="kr" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }} />
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberField control={control} name="cost_packaging_labour" label="Packaging labour cost" limits={NUMBER_INPUTS.packagingCost} unit="kr" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberField control={control} name="cost_packaging_material" label="Packaging material cost" limits={NUMBER_INPUTS.packagingCost} unit="kr" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }} />
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberField
              control={control}
              name="price_manual_override"
              label="Price override"
              limits={NUMBER_INPUTS.money}
              unit="kr"
              helperText="Empty: the automatic price."
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberField control={control} name="price_on_sale" label="Sale price" limits={NUMBER_INPUTS.money} unit="kr" helperText="Empty: not on sale." />
          </Grid>
        </Section>

        <Section title="Packaging" subheader="Dimensions in millimetres, weight in kilograms.">
          <Grid size={{ xs: 6, sm: 3 }}>
            <NumberField control={control} name="packaging_length" label="Length" limits={NUMBER_INPUTS.millimetres} unit="mm" />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <NumberField control={control} name="packaging_width" label="Width" limits={NUMBER_INPUTS.millimetres} unit="mm" />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <NumberField control={control} name="packaging_height" label="Height" limits={NUMBER_INPUTS.millimetres} unit="mm" />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <NumberField control={control} name="packaging_weight" label="Weight" limits={NUMBER_INPUTS.weight} unit="kg" />
          </Grid>
        </Section>

        <Section title="Stock settings">
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="default_location_id" label="Default location" select fullWidth slotProps={selectProps}>
              <option value="">None</option>
              {savedLocationMissing ? <option value={String(product.default_location_id)}>Location {product.default_location_id}</option> : null}
              {locationOptions.map((location) => (
                <option key={location.id} value={String(location.id)}>
                  {location.abbreviation_slug ? `${location.abbreviation_slug} – ${location.name}` : location.name}
                </option>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberField control={control} name="qty_restock_level" label="Restock level" limits={NUMBER_INPUTS.quantity} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <NumberField control={control} name="qty_restock_amount" label="Restock quantity" limits={NUMBER_INPUTS.quantity} />
          </Grid>
        </Section>

        <Section title="Images" subheader="Image addresses, one per line; the first is the main image.">
          <Grid size={12}>
            <FormTextField control={control} name="image_urls" label="Image URLs" multiline minRows={2} maxRows={10} fullWidth />
          </Grid>
          {product.image_urls.length > 0 ? (
            <Grid size={12}>
              <Box component="ul" aria-label="Images" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {product.image_urls.map((url, index) => (
                  <Box component="li" key={url}>
                    <Link href={url} target="_blank" rel="noopener noreferrer">
                      <Box
                        component="img"
                        src={url}
                        alt={`Image ${index + 1} of ${product.name}`}
                        loading="lazy"
                        sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
                      />
                    </Link>
                  </Box>
                ))}
              </Box>
            </Grid>
          ) : null}
        </Section>
      </Stack>
    </form>
  );
}
