import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, UpdateProcurementCategoryBody, type ProcurementCategoryResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useProcurementCategory } from '../api/get-procurement-category';
import { useCatalogCategoriesByIds } from '../api/list-catalog-categories';
import { useUpdateProcurementCategory } from '../api/update-procurement-category';
import { CatalogCategoriesField, type CatalogCategoryOption } from '../components/catalog-categories-field';
import { categoriesListUrl } from '../components/category-paths';

const fields = UpdateProcurementCategoryBody.shape;
/** The contract's rules per field; the mapping is held as chosen categories and sent as their ids. */
const EditCategorySchema = z.object({
  name: fields.name.unwrap(),
  description: fields.description.unwrap(),
  url: fields.url.unwrap(),
  catalog_categories_auto_create: z.array(z.object({ id: z.number().int(), title: z.string() })).max(1000),
});
type FormValues = z.input<typeof EditCategorySchema>;
type FormOutput = z.output<typeof EditCategorySchema>;
const FIELDS = ['name', 'description', 'url', 'catalog_categories_auto_create'] as const;

const readId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
};

/** /procurements-and-suppliers/categories/edit?id=<id> */
export function ProcurementCategoryEditScreen() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const listUrl = categoriesListUrl(location.state);
  const id = readId(searchParams.get('id'));
  const category = useProcurementCategory(id);
  const mappedIds = category.data?.catalog_categories_auto_create ?? [];
  const mapped = useCatalogCategoriesByIds(mappedIds);
  const mappingReady = mappedIds.length === 0 || (mapped.isSuccess && !mapped.isPlaceholderData);

  return (
    <Card sx={{ maxWidth: 760 }}>
      <title>Edit supplier category · Kontor</title>
      <CardHeader
        title="Edit supplier category"
        subheader={category.data ? `${category.data.supplier_name} · ${category.data.path}` : 'Name, description and where its products land in the catalog.'}
      />
      <CardContent>
        {!id ? (
          <Alert severity="warning">
            No category is chosen. <RouterLink to={listUrl}>Back to the supplier categories</RouterLink>
          </Alert>
        ) : category.isError ? (
          <Alert severity="error">{errorText(category.error)}</Alert>
        ) : mapped.isError ? (
          <Alert severity="error">{errorText(mapped.error)}</Alert>
        ) : category.data && mappingReady ? (
          <EditCategoryForm
            key={category.data.id}
            category={category.data}
            mapped={mappedIds.map((mappedId) => ({ id: mappedId, title: mapped.data?.get(mappedId)?.title ?? `#${mappedId}` }))}
            listUrl={listUrl}
          />
        ) : (
          <Stack spacing={2} aria-busy="true" aria-label="Loading category">
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={64} />
            <Skeleton variant="rounded" height={40} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

type EditCategoryFormProps = { category: ProcurementCategoryResponse; mapped: CatalogCategoryOption[]; listUrl: string };

function EditCategoryForm({ category, mapped, listUrl }: EditCategoryFormProps) {
  const showSnackbar = useSnackbar();
  const navigate = useNavigate();
  const updateMutation = useUpdateProcurementCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(EditCategorySchema),
    defaultValues: { name: category.name, description: category.description, url: category.url, catalog_categories_auto_create: mapped },
  });

  // Awaited rather than mutate(..., { onSuccess }): the saved mapping changes the screen's
  // queries, which can unmount this form before the call's own callbacks would run.
  const handleSave = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await updateMutation.mutateAsync({
        id: category.id,
        body: {
          name: values.name,
          description: values.description,
          url: values.url,
          catalog_categories_auto_create: values.catalog_categories_auto_create.map((row) => row.id),
        },
      });
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
      return;
    }
    showSnackbar(MESSAGES.categoryUpdated);
    void navigate(listUrl);
  });

  return (
    <Box component="form" noValidate onSubmit={handleSave} aria-label="Edit supplier category">
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        <FormTextField control={control} name="name" label="Name" required helperText="Renaming also renames the paths of the categories under it." />
        <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxRows={6} />
        <FormTextField control={control} name="url" label="URL" type="url" placeholder="https://" />
        <Typography variant="subtitle2" sx={{ pt: 1 }}>
          Mapping
        </Typography>
        <Controller
          control={control}
          name="catalog_categories_auto_create"
          render={({ field, fieldState }) => (
            <CatalogCategoriesField
              value={field.value}
              onChange={field.onChange}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'Products of this category go into these catalog categories when added to the catalog.'}
            />
          )}
        />
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        <Button component={RouterLink} to={listUrl} color="inherit" disabled={updateMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={updateMutation.isPending}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
