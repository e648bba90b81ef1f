import { zodResolver } from '@hookform/resolvers/zod';
import { BookmarkBody } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateBookmark } from '../api/create-bookmark';
import { useHoldDialogOpen } from '@/components/form-dialog';

type BookmarkFormValues = z.input<typeof BookmarkBody>;
type BookmarkFormOutput = z.output<typeof BookmarkBody>;

/** The body of the "Bookmark this view" dialog (BookmarkViewButton loads it when first opened). */
export function BookmarkForm({ defaultName, onClose }: { defaultName: string; onClose: () => void }) {
  const location = useLocation();
  const showSnackbar = useSnackbar();
  const createMutation = useCreateBookmark();
  useHoldDialogOpen(createMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const view = location.pathname;
  const query = location.search.replace(/^\?/, '');
  const { control, handleSubmit, setError } = useForm<BookmarkFormValues, unknown, BookmarkFormOutput>({
    resolver: zodResolver(BookmarkBody),
    defaultValues: { name: defaultName, view, query, pinned: true },
  });

  const handleSave = handleSubmit((body) => {
    setFormError(null);
    createMutation.mutate(body, {
      onSuccess: (bookmark) => {
        showSnackbar(bookmark.pinned ? `Bookmarked and pinned ${bookmark.name}` : `Bookmarked ${bookmark.name}`);
        onClose();
      },
      onError: (error) => setFormError(applyServerErrors(error, ['name', 'pinned'], setError)),
    });
  });

  return (
    <Box component="form" noValidate onSubmit={handleSave}>
      <DialogContent sx={{ pt: 0.5 }}>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Saves this screen with its current filters:{' '}
          <Box component="code" sx={{ fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
            {query ? `${view}?${query}` : view}
          </Box>
        </Typography>
        <FormTextField control={control} name="name" label="Name" autoFocus />
        <Controller
          control={control}
          name="pinned"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} name={field.name} />}
              label="Pin to sidebar"
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={createMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={createMutation.isPending}>
          Save
        </Button>
      </DialogActions>
    </Box>
  );
}
