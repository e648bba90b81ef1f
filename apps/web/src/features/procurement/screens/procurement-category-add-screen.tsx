import { zodResolver } from '@hookform/resolvers/zod';
import { CreateProcurementCategoryBody, MESSAGES } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateProcurementCategory } from '../api/create-procurement-category';
import { useSupplierOptions } from '../api/list-supplier-options';
import { categoriesListUrl } from '../components/category-paths';
import { ParentCategoryField } from '../components/parent-category-field';

const fields = CreateProcurementCategoryBody.shape;
/** The contract's rules for each field; the supplier select and the parent picker hold their own shapes. */
const AddCategorySchema = z.object({
  supplier: z.string().min(1, 'This field is required.'),
  name: fields.name,
  parent: z.object({ id: z.number().int(), path: z.string() }).nullable(),
  description: fields.description.unwrap(),
  url: fields.url.unwrap(),
});
type FormValues = z.input<typeof AddCategorySchema>;
type FormOutput = z.output<typeof AddCategorySchema>;
const FIELDS = ['supplier', 'name', 'parent', 'description', 'url'] as const;

/** /procurements-and-suppliers/categories/add */
export function ProcurementCategoryAddScreen() {
  const showSnackbar = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const listUrl = categoriesListUrl(location.state);
  const suppliers = useSupplierOptions();
  const createMutation = useCreateProcurementCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(AddCategorySchema),
    defaultValues: { supplier: '', name: '', parent: null, description: '', url: '' },
  });
  const supplier = Number(useWatch({ control, name: 'supplier' })) || 0;

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    createMutation.mutate(
      { supplier: Number(values.supplier), name: values.name, parent: values.parent?.id ?? null, description: values.description, url: values.url },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.categoryAdded);
          void navigate(listUrl);
        },
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <Card sx={{ maxWidth: 760 }}>
      <title>Add supplier category · Kontor</title>
      <CardHeader title="Add supplier category" subheader="A category of one supplier, at the top or under one of its categories." />
      <CardContent>
        <Box component="form" noValidate onSubmit={handleSave} aria-label="Add supplier category">
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Stack spacing={2}>
            <Controller
              control={control}
              name="supplier"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  required
                  label="Supplier"
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    // A parent of another supplier cannot hold this category.
                    setValue('parent', null);
                  }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">Choose a supplier</option>
                  {suppliers.data?.map((row) => (
                    <option key={row.id} value={String(row.id)}>
                      {row.name}
                    </option>
                  ))}
                </TextField>
              )}
            />
            <FormTextField control={control} name="name" label="Name" required />
            <Controller
              control={control}
              name="parent"
              render={({ field, fieldState }) => (
                <ParentCategoryField
                  key={supplier}
                  supplier={supplier}
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Leave empty for a top-level category.'}
                />
              )}
            />
            <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxRows={6} />
            <FormTextField control={control} name="url" label="URL" type="url" placeholder="https://" helperText="The category's page at the supplier." />
          </Stack>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
            <Button component={RouterLink} to={listUrl} color="inherit" disabled={createMutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={createMutation.isPending}>
              Add category
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
