import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateCatalogCategoryBody, type CatalogCategoryResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { TaxonomyField } from '@/components/taxonomy-field';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { applyServerErrors } from '@/lib/form-errors';
import { pathOf, subtreeIds, visibleRows, type CategoryTree } from '../tree';
import { ProcurementCategoriesField } from './procurement-categories-field';

/** The inputs hold text ('' = a root for parent); the output is the contract's PATCH body, checked as the server checks it. */
const EditFormSchema = z
  .object({
    title: z.string(),
    sub_title: z.string(),
    comments: z.string(),
    url_local: z.string(),
    parent: z.string(),
    active: z.boolean(),
    visible: z.boolean(),
    default_category: z.boolean(),
    news_category: z.boolean(),
    include_root_in_slug: z.boolean(),
    procurement_category_ids: z.array(z.number()),
    google_taxonomy: z.number().nullable(),
    facebook_taxonomy: z.number().nullable(),
  })
  .transform((values): UpdateCatalogCategoryBody => ({ ...values, parent: values.parent === '' ? null : Number(values.parent) }))
  .pipe(UpdateCatalogCategoryBody);
type FormValues = z.input<typeof EditFormSchema>;
type FormOutput = z.output<typeof EditFormSchema>;
const FIELDS = [
  'title',
  'sub_title',
  'comments',
  'url_local',
  'parent',
  'active',
  'visible',
  'default_category',
  'news_category',
  'include_root_in_slug',
  'procurement_category_ids',
  'google_taxonomy',
  'facebook_taxonomy',
] as const;
type Flag = 'active' | 'visible' | 'default_category' | 'news_category' | 'include_root_in_slug';
const FLAGS: { name: Flag; label: string }[] = [
  { name: 'active', label: 'Active' },
  { name: 'visible', label: 'Visible in the shop' },
  { name: 'default_category', label: 'Default category' },
  { name: 'news_category', label: 'News category' },
  { name: 'include_root_in_slug', label: 'Include root in slug' },
];

const toFormValues = (category: CatalogCategoryResponse): FormValues => ({
  title: category.title,
  sub_title: category.sub_title,
  comments: category.comments,
  url_local: category.url_local,
  parent: category.parent === null ? '' : String(category.parent),
  active: category.active,
  visible: category.visible,
  default_category: category.default_category,
  news_category: category.news_category,
  include_root_in_slug: category.include_root_in_slug,
  procurement_category_ids: category.procurement_category_ids,
  google_taxonomy: category.google_taxonomy,
  facebook_taxonomy: category.facebook_taxonomy,
});

type CategoryEditPanelProps = {
  category: CatalogCategoryResponse;
  tree: CategoryTree;
  pending: boolean;
  onSave: (body: UpdateCatalogCategoryBody, onSaved: (saved: CatalogCategoryResponse) => void, onError: (error: unknown) => void) => void;
};

/** The selected category's fields; saved with PATCH, a 400 shown on its fields. Mount it once per category. */
export function CategoryEditPanel({ category, tree, pending, onSave }: CategoryEditPanelProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(EditFormSchema),
    defaultValues: toFormValues(category),
  });
  useUnsavedChanges(formState.isDirty, ['selected']);
  // The category changes under the form (a move renumbers the tree, another operator saves): take
  // its new values (the parent after a move) but keep what the operator has typed and not saved.
  useEffect(() => {
    reset(toFormValues(category), { keepDirtyValues: true });
  }, [category, reset]);
  const own = subtreeIds(tree, category.id);
  // Every category not in its own subtree, in tree order, may be its parent.
  const parents = visibleRows(tree, new Set(tree.byId.keys())).filter((row) => !own.has(row.category.id));

  const handleSave = handleSubmit((body) => {
    setFormError(null);
    onSave(
      body,
      (saved) => reset(toFormValues(saved)),
      (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    );
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label={`Edit ${category.title}`}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {pathOf(tree, category.id)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Slug {category.slug} · position {category.order + 1} · level {category.level} · {category.products_count}{' '}
            {category.products_count === 1 ? 'product' : 'products'}
          </Typography>
        </Box>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <FormTextField control={control} name="title" label="Title" required fullWidth />
        <FormTextField control={control} name="sub_title" label="Subtitle" fullWidth />
        <FormTextField
          control={control}
          name="parent"
          label="Parent"
          select
          fullWidth
          helperText="A new parent puts the category last under it."
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">None (top level)</option>
          {parents.map(({ category: option }) => (
            <option key={option.id} value={String(option.id)}>
              {pathOf(tree, option.id)}
            </option>
          ))}
        </FormTextField>
        <FormGroup row>
          {FLAGS.map((flag) => (
            <FlagField key={flag.name} control={control} name={flag.name} label={flag.label} />
          ))}
        </FormGroup>
        <FormTextField control={control} name="url_local" label="Shop URL" fullWidth helperText="The category's address in the shop." />
        <Controller
          control={control}
          name="procurement_category_ids"
          render={({ field, fieldState }) => (
            <ProcurementCategoriesField value={field.value} onChange={field.onChange} disabled={pending} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="google_taxonomy"
          render={({ field, fieldState }) => (
            <TaxonomyField
              channel="google"
              label="Google category"
              helperText="The Google product category (google_product_category) of its products in feeds."
              value={field.value}
              onChange={field.onChange}
              disabled={pending}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="facebook_taxonomy"
          render={({ field, fieldState }) => (
            <TaxonomyField
              channel="facebook"
              label="Meta category"
              helperText="The Facebook product category (fb_product_category) of its products in Meta catalogs."
              value={field.value}
              onChange={field.onChange}
              disabled={pending}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormTextField control={control} name="comments" label="Comments" fullWidth multiline minRows={2} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => reset(toFormValues(category))} disabled={pending || !formState.isDirty}>
            Reset
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

function FlagField({ control, name, label }: { control: Control<FormValues, unknown, FormOutput>; name: Flag; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} inputRef={field.ref} />}
          label={label}
        />
      )}
    />
  );
}
