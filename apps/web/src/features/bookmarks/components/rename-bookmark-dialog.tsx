import { zodResolver } from '@hookform/resolvers/zod';
import { BookmarkBody, type BookmarkResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdateBookmark } from '../api/update-bookmark';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

const RenameForm = z.object({ name: BookmarkBody.shape.name });
type RenameFormValues = z.infer<typeof RenameForm>;

type RenameBookmarkDialogProps = { bookmark: BookmarkResponse | null; onClose: () => void };

/** Renames a saved view; its query, view and pin stay as they are (PUT keyed by the old name). */
export function RenameBookmarkDialog({ bookmark, onClose }: RenameBookmarkDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={Boolean(bookmark)} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Rename bookmark</DialogTitle>
      {bookmark ? <RenameBookmarkForm bookmark={bookmark} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function RenameBookmarkForm({ bookmark, onClose }: { bookmark: BookmarkResponse; onClose: () => void }) {
  const showSnackbar = useSnackbar();
  const updateMutation = useUpdateBookmark();
  useHoldDialogOpen(updateMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<RenameFormValues>({ resolver: zodResolver(RenameForm), defaultValues: { name: bookmark.name } });

  const handleSave = handleSubmit(({ name }) => {
    setFormError(null);
    if (name === bookmark.name) {
      onClose();
      return;
    }
    updateMutation.mutate(
      { key: { view: bookmark.view, name: bookmark.name }, body: { name, query: bookmark.query, view: bookmark.view, pinned: bookmark.pinned } },
      {
        onSuccess: () => {
          showSnackbar(`Renamed to ${name}`);
          onClose();
        },
        onError: (error) => setFormError(applyServerErrors(error, ['name'], setError)),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={handleSave}>
      <DialogContent sx={{ pt: 0.5 }}>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <FormTextField control={control} name="name" label="Name" autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={updateMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={updateMutation.isPending}>
          Rename
        </Button>
      </DialogActions>
    </Box>
  );
}
