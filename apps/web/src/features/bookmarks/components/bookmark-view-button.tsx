import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import { lazy, Suspense, useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';

// The form (react-hook-form, its zod schema) loads when the dialog first opens, not with every screen's top bar (ADR 0028).
const BookmarkForm = lazy(async () => ({ default: (await import('./bookmark-form')).BookmarkForm }));

type BookmarkViewButtonProps = { defaultName: string };

/** Top bar action: save the current screen with its filters (view = path, query = search string). */
export function BookmarkViewButton({ defaultName }: BookmarkViewButtonProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Tooltip title="Bookmark this view">
        <IconButton aria-label="Bookmark this view" onClick={() => setOpen(true)}>
          <BookmarkAddOutlinedIcon />
        </IconButton>
      </Tooltip>
      <FormDialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>Bookmark this view</DialogTitle>
        {open ? (
          <Suspense fallback={null}>
            <BookmarkForm defaultName={defaultName} onClose={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </FormDialog>
    </>
  );
}
