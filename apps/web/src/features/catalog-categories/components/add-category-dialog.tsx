import { zodResolver } from '@hookform/resolvers/zod';
import { CreateCatalogCategoryBody } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, useHoldDialogOpen, FormDialogActions } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { applyServerErrors } from '@/lib/form-errors';

const AddFormSchema = CreateCatalogCategoryBody.pick({ title: true, sub_title: true });
type FormValues = z.input<typeof AddFormSchema>;
type FormOutput = z.output<typeof AddFormSchema>;
const FIELDS = ['title', 'sub_title'] as const;

type AddCategoryDialogProps = {
  /** Where the new category goes: under a parent (its path shown), or at the top level. */
  parent: { id: number; path: string } | null;
  pending: boolean;
  onSave: (body: CreateCatalogCategoryBody, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

/** A new category, last under its parent. Mounted only while open, so it always starts empty. */
export function AddCategoryDialog({ parent, pending, onSave, onClose }: AddCategoryDialogProps) {
  const titleId = useId();
  const heading = parent ? 'New subcategory' : 'New top-level category';
  return (
    <FormDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{heading}</DialogTitle>
      <AddCategoryForm heading={heading} parent={parent} pending={pending} onSave={onSave} onClose={onClose} />
    </FormDialog>
  );
}

function AddCategoryForm({ heading, parent, pending, onSave, onClose }: AddCategoryDialogProps & { heading: string }) {
  // Held open while the save runs, and Enter pressed twice adds one category.
  useHoldDialogOpen(pending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(AddFormSchema),
    defaultValues: { title: '', sub_title: '' },
  });

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    onSave({ ...values, parent: parent?.id ?? null }, (error) => setFormError(applyServerErrors(error, FIELDS, setError)));
  });

  return (
    <form noValidate onSubmit={handleSave} aria-label={heading}>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText sx={{ mb: 2 }}>{parent ? `It goes last under ${parent.path}.` : 'It goes last among the top-level categories.'}</DialogContentText>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <FormTextField control={control} name="title" label="Title" required autoFocus fullWidth sx={{ mb: 2 }} />
        <FormTextField control={control} name="sub_title" label="Subtitle" fullWidth />
      </DialogContent>
      <FormDialogActions pending={pending} submitLabel="Add" onCancel={onClose} />
    </form>
  );
}
