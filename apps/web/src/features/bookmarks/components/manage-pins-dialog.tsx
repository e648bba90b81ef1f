import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { BookmarkResponse } from '@kontor/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { bookmarkHref, useBookmarks } from '../api/list-bookmarks';
import { useDeleteBookmark } from '../api/delete-bookmark';
import { useSetPinnedBookmarks } from '../api/set-pinned-bookmarks';
import { RenameBookmarkDialog } from './rename-bookmark-dialog';

type ManagePinsDialogProps = { open: boolean; onClose: () => void };

export function ManagePinsDialog({ open, onClose }: ManagePinsDialogProps) {
  const titleId = useId();
  return (
    // Stays open while the pins are being saved: closed mid-save, a refusal had nowhere to show and the ticks were lost.
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Manage pins</DialogTitle>
      {/* Mounted only while open, so each opening starts from the saved pins. */}
      {open ? <ManagePinsContent onClose={onClose} /> : null}
    </FormDialog>
  );
}

function ManagePinsContent({ onClose }: { onClose: () => void }) {
  const bookmarks = useBookmarks({});
  if (bookmarks.isPending) {
    return (
      <DialogContent sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading bookmarks" />
      </DialogContent>
    );
  }
  if (bookmarks.isError) {
    return (
      <>
        <DialogContent>
          <Alert severity="error">{errorText(bookmarks.error)}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }
  return <PinsForm bookmarks={bookmarks.data} onClose={onClose} />;
}

// By id, not by view and name: a rename in this dialog refetches the list, and the ticks must follow the bookmark.
const keyOf = (bookmark: Pick<BookmarkResponse, 'id'>) => bookmark.id;

function PinsForm({ bookmarks, onClose }: { bookmarks: BookmarkResponse[]; onClose: () => void }) {
  const showSnackbar = useSnackbar();
  const saveMutation = useSetPinnedBookmarks();
  const deleteMutation = useDeleteBookmark();
  useHoldDialogOpen(saveMutation.isPending);
  const [pinned, setPinned] = useState<Record<number, boolean>>(() => Object.fromEntries(bookmarks.map((bookmark) => [keyOf(bookmark), bookmark.pinned])));
  const [deleting, setDeleting] = useState<BookmarkResponse | null>(null);
  const [renaming, setRenaming] = useState<BookmarkResponse | null>(null);

  const handleSave = () => {
    const body = { bookmarks: bookmarks.map((bookmark) => ({ view: bookmark.view, name: bookmark.name, pinned: pinned[keyOf(bookmark)] ?? bookmark.pinned })) };
    saveMutation.mutate(body, {
      onSuccess: () => {
        showSnackbar('Pins saved');
        onClose();
      },
    });
  };

  const handleDelete = () => {
    if (!deleting) return;
    deleteMutation.mutate(
      { view: deleting.view, name: deleting.name },
      {
        onSuccess: () => {
          showSnackbar(`Deleted ${deleting.name}`);
          setDeleting(null);
        },
        onError: (error) => {
          showSnackbar(errorText(error), 'error');
          setDeleting(null);
        },
      },
    );
  };

  return (
    <>
      <DialogContent dividers sx={{ p: 0 }}>
        {saveMutation.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorText(saveMutation.error)}
          </Alert>
        ) : null}
        {bookmarks.length === 0 ? (
          <Box sx={{ p: 3 }}>
            <Typography color="text.secondary">
              No bookmarks yet. Open a screen, set its filters, and use “Bookmark this view” in the top bar to save it.
            </Typography>
          </Box>
        ) : (
          <List dense aria-label="Bookmarks">
            {bookmarks.map((bookmark) => {
              const key = keyOf(bookmark);
              const labelId = `pin-${bookmark.id}`;
              return (
                <ListItem
                  key={bookmark.id}
                  secondaryAction={
                    <>
                      <IconButton aria-label={`Rename ${bookmark.name}`} onClick={() => setRenaming(bookmark)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                      <IconButton edge="end" aria-label={`Delete ${bookmark.name}`} onClick={() => setDeleting(bookmark)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemIcon>
                    <Checkbox
                      edge="start"
                      checked={pinned[key] ?? bookmark.pinned}
                      onChange={(event) => setPinned((previous) => ({ ...previous, [key]: event.target.checked }))}
                      slotProps={{ input: { 'aria-labelledby': labelId } }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={bookmark.name}
                    secondary={bookmarkHref(bookmark)}
                    slotProps={{ primary: { id: labelId }, secondary: { noWrap: true, sx: { fontFamily: 'monospace', fontSize: '0.75rem' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saveMutation.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={handleSave} loading={saveMutation.isPending} disabled={bookmarks.length === 0}>
          Save
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete bookmark?"
        message={deleting ? `“${deleting.name}” will be removed from your bookmarks.` : ''}
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
      <RenameBookmarkDialog bookmark={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
