import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import type { BookmarkResponse } from '@kontor/contract';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { bookmarkHref, useBookmarks } from '../api/list-bookmarks';
import { useUpdateBookmark } from '../api/update-bookmark';

// The dialog (its rename form: react-hook-form, zod) loads when it first opens, not with every screen's sidebar (ADR 0028).
const ManagePinsDialog = lazy(async () => ({ default: (await import('./manage-pins-dialog')).ManagePinsDialog }));

type PinnedBookmarksProps = { onNavigate?: () => void };

/** The sidebar's 'Pinned' section: pinned bookmarks, unpin one at a time, or manage all in bulk. */
export function PinnedBookmarks({ onNavigate }: PinnedBookmarksProps) {
  const location = useLocation();
  const showSnackbar = useSnackbar();
  const pinned = useBookmarks({ pinned: true });
  const updateMutation = useUpdateBookmark();
  const [managing, setManaging] = useState(false);
  // Mounted from its first opening on, so it keeps its closing transition.
  const [managePinsLoaded, setManagePinsLoaded] = useState(false);
  const here = `${location.pathname}${location.search}`;

  const handleUnpin = (bookmark: BookmarkResponse) => {
    updateMutation.mutate(
      { key: { view: bookmark.view, name: bookmark.name }, body: { name: bookmark.name, query: bookmark.query, view: bookmark.view, pinned: false } },
      {
        onSuccess: () => showSnackbar(`Unpinned ${bookmark.name}`),
        onError: (error) => showSnackbar(errorText(error), 'error'),
      },
    );
  };

  return (
    <>
      <List
        dense
        aria-label="Pinned"
        subheader={
          <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '32px', typography: 'overline', color: 'text.secondary' }}>
            Pinned
          </ListSubheader>
        }
      >
        {pinned.data?.map((bookmark) => (
          <ListItem
            key={bookmark.id}
            disablePadding
            secondaryAction={
              <IconButton
                edge="end"
                size="small"
                aria-label={`Unpin ${bookmark.name}`}
                onClick={() => handleUnpin(bookmark)}
                disabled={updateMutation.isPending}
              >
                <PushPinOutlinedIcon fontSize="small" />
              </IconButton>
            }
            sx={{ '& .MuiListItemSecondaryAction-root': { opacity: 0.6 }, '&:hover .MuiListItemSecondaryAction-root': { opacity: 1 } }}
          >
            <ListItemButton component={RouterLink} to={bookmarkHref(bookmark)} selected={bookmarkHref(bookmark) === here} onClick={onNavigate}>
              <ListItemIcon>
                <BookmarkBorderIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={bookmark.name} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          </ListItem>
        ))}
        {pinned.data?.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
            Nothing pinned yet. Bookmark a view and pin it here.
          </Typography>
        ) : null}
        {pinned.isError ? (
          <Typography variant="body2" color="error" sx={{ px: 2, py: 0.5 }}>
            {errorText(pinned.error)}
          </Typography>
        ) : null}
      </List>
      <Button
        size="small"
        startIcon={<TuneIcon />}
        onClick={() => {
          setManaging(true);
          setManagePinsLoaded(true);
        }}
        sx={{ ml: 1.5, color: 'text.secondary' }}
      >
        Manage pins
      </Button>
      {managePinsLoaded ? (
        <Suspense fallback={null}>
          <ManagePinsDialog open={managing} onClose={() => setManaging(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
