import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGES, MESSAGES, UpdateProductDescriptionBody, type Language, type ProductDescriptionResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useProductDescriptions } from '../api/list-product-descriptions';
import { useSaveProductDescription } from '../api/save-product-description';

const shape = UpdateProductDescriptionBody.shape;
/** The contract's own limits for each field, all of them present in the form. */
const DescriptionFormSchema = z.object({
  name: shape.name.unwrap(),
  content: shape.content.unwrap(),
  excerpt: shape.excerpt.unwrap(),
  meta_title: shape.meta_title.unwrap(),
  meta_keywords: shape.meta_keywords.unwrap(),
  meta_description: shape.meta_description.unwrap(),
  machine_translation: shape.machine_translation.unwrap(),
});
type DescriptionFormValues = z.input<typeof DescriptionFormSchema>;
type DescriptionFormOutput = z.output<typeof DescriptionFormSchema>;
const FIELDS = ['name', 'content', 'excerpt', 'meta_title', 'meta_keywords', 'meta_description', 'machine_translation'] as const;

const LANGUAGE_NAMES: Record<Language, string> = { SV: 'Swedish', EN: 'English', NO: 'Norwegian', DA: 'Danish' };

const toFormValues = (description: ProductDescriptionResponse | undefined): DescriptionFormValues => ({
  name: description?.name ?? '',
  content: description?.content ?? '',
  excerpt: description?.excerpt ?? '',
  meta_title: description?.meta_title ?? '',
  meta_keywords: description?.meta_keywords ?? '',
  meta_description: description?.meta_description ?? '',
  machine_translation: description?.machine_translation ?? false,
});

/**
 * The product's descriptions per language (spec §3 "Product description"), one tab each; SV first,
 * the default language. Every language's form stays mounted, the others hidden: switching tabs
 * keeps what was typed in each, and a tab with unsaved edits says so.
 */
export function ProductDescriptionsEditor({ productId }: { productId: number }) {
  const tabsId = useId();
  const [language, setLanguage] = useState<Language>(LANGUAGES[0]);
  const [unsaved, setUnsaved] = useState<ReadonlySet<Language>>(new Set());
  const descriptions = useProductDescriptions({ productIds: [productId] });
  const byLanguage = new Map(descriptions.data?.filter((row) => row.product === productId).map((row) => [row.language, row]));
  const markUnsaved = useCallback(
    (code: Language, dirty: boolean) =>
      setUnsaved((before) => {
        if (before.has(code) === dirty) return before;
        const after = new Set(before);
        if (dirty) after.add(code);
        else after.delete(code);
        return after;
      }),
    [],
  );
  const panelProps = (code: Language) => ({ role: 'tabpanel', id: `${tabsId}-${code}-panel`, 'aria-labelledby': `${tabsId}-${code}`, sx: { p: 2 } });

  return (
    <Card component="section" aria-label="Descriptions">
      <CardHeader title="Descriptions" subheader="Name, texts and search metadata per language." />
      <Tabs value={language} onChange={(_event, next: Language) => setLanguage(next)} aria-label="Description language" sx={{ px: 2 }}>
        {LANGUAGES.map((code) => (
          <Tab
            key={code}
            value={code}
            label={`${code}${byLanguage.has(code) ? '' : ' (none)'}${unsaved.has(code) ? ' · unsaved' : ''}`}
            id={`${tabsId}-${code}`}
            aria-controls={`${tabsId}-${code}-panel`}
            title={LANGUAGE_NAMES[code]}
          />
        ))}
      </Tabs>
      {descriptions.isPending ? (
        <Box {...panelProps(language)}>
          <Skeleton variant="rounded" height={240} />
        </Box>
      ) : descriptions.isError ? (
        <Box {...panelProps(language)}>
          <Alert severity="error">{errorText(descriptions.error)}</Alert>
        </Box>
      ) : (
        LANGUAGES.map((code) => {
          const description = byLanguage.get(code);
          return (
            <Box key={code} {...panelProps(code)} hidden={code !== language}>
              {/* Keyed by what it was loaded from: a saved version starts the form afresh. */}
              <DescriptionForm
                key={`${description?.id ?? 'new'}-${description?.updated_at ?? ''}`}
                productId={productId}
                language={code}
                description={description}
                onUnsavedChange={markUnsaved}
              />
            </Box>
          );
        })
      )}
    </Card>
  );
}

type DescriptionFormProps = {
  productId: number;
  language: Language;
  description: ProductDescriptionResponse | undefined;
  onUnsavedChange: (language: Language, dirty: boolean) => void;
};

function DescriptionForm({ productId, language, description, onUnsavedChange }: DescriptionFormProps) {
  const showSnackbar = useSnackbar();
  const saveMutation = useSaveProductDescription();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = useForm<DescriptionFormValues, unknown, DescriptionFormOutput>({
    resolver: zodResolver(DescriptionFormSchema),
    defaultValues: toFormValues(description),
  });

  useUnsavedChanges(isDirty, ['id']);
  useEffect(() => {
    onUnsavedChange(language, isDirty);
    return () => onUnsavedChange(language, false);
  }, [language, isDirty, onUnsavedChange]);

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    saveMutation.mutate(description ? { id: description.id, body: values } : { id: null, body: { product: productId, language, ...values } }, {
      onSuccess: () => showSnackbar(MESSAGES.productUpdated),
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  const label = `${LANGUAGE_NAMES[language]} description`;
  return (
    <form noValidate onSubmit={handleSave} aria-label={label}>
      {description ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          No {LANGUAGE_NAMES[language]} description yet; saving creates it.
        </Typography>
      )}
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormTextField control={control} name="name" label="Name" fullWidth />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="content"
            label="Content"
            multiline
            minRows={6}
            maxRows={20}
            fullWidth
            helperText="The full description (HTML)."
          />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="excerpt" label="Excerpt" multiline minRows={2} maxRows={6} fullWidth helperText="The short description." />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="meta_title" label="Meta title" fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="meta_keywords" label="Meta keywords" fullWidth />
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} name="meta_description" label="Meta description" multiline minRows={2} maxRows={4} fullWidth />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="machine_translation"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} inputRef={field.ref} />}
                label="Machine translation"
              />
            )}
          />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button onClick={() => reset()} disabled={!isDirty || saveMutation.isPending}>
          Discard
        </Button>
        <Button type="submit" variant="contained" loading={saveMutation.isPending} disabled={!isDirty && Boolean(description)}>
          {description ? `Save ${language}` : `Create ${language}`}
        </Button>
      </Box>
    </form>
  );
}
