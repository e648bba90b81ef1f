import { MESSAGES, type ImageClassificationResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbar-provider';
import { fieldErrorsOf, serverMessage } from '@/lib/api-client';
import { useCreateClassification, useDeleteClassification, useRenameClassification, useSavingClassifications } from '../api/image-classifications';

type ClassificationsDialogProps = {
  open: boolean;
  classifications: ImageClassificationResponse[];
  /** After a classification is deleted (the list may be filtered by it). */
  onDeleted?: (id: number) => void;
  onClose: () => void;
};

const titleError = (error: unknown) => fieldErrorsOf(error)?.title?.join(' ') ?? null;

/** The company's image classifications: add, rename, delete (images keep existing, unclassified). */
export function ClassificationsDialog({ open, classifications, onDeleted, onClose }: ClassificationsDialogProps) {
  const titleId = useId();
  const showSnackbar = useSnackbar();
  const create = useCreateClassification();
  const remove = useDeleteClassification();
  // Closed mid-save, a refused add or rename would have nowhere to show (a row's rename lives in the row).
  const saving = useSavingClassifications();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ImageClassificationResponse | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next) {
      setError('Enter a title.');
      return;
    }
    create.mutate(next, {
      onSuccess: () => {
        showSnackbar(MESSAGES.addSuccessfully);
        setTitle('');
        setError(null);
      },
      onError: (failure) => setError(titleError(failure) ?? serverMessage(failure)),
    });
  };

  const handleDelete = () => {
    if (!deleting) return;
    const { id } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        showSnackbar(MESSAGES.removed);
        onDeleted?.(id);
      },
      onError: (failure) => showSnackbar(serverMessage(failure), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Image classifications</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={add} aria-label="Add classification" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pt: 1 }}>
          <TextField
            label="New classification"
            size="small"
            fullWidth
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <Button type="submit" variant="contained" loading={create.isPending}>
            Add
          </Button>
        </Box>
        <List aria-label="Classifications" dense>
          {classifications.map((classification) => (
            <ClassificationRow key={classification.id} classification={classification} onDelete={() => setDeleting(classification)} />
          ))}
          {classifications.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              No classifications yet. Add kinds of pictures such as Packshot or Lifestyle.
            </Typography>
          ) : null}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Close
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete classification?"
        message={deleting ? `${deleting.title} will be removed; its ${deleting.image_count} image(s) stay in the library, unclassified.` : ''}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}

function ClassificationRow({ classification, onDelete }: { classification: ImageClassificationResponse; onDelete: () => void }) {
  const showSnackbar = useSnackbar();
  const rename = useRenameClassification();
  const [title, setTitle] = useState(classification.title);
  const [error, setError] = useState<string | null>(null);
  const changed = title.trim() !== classification.title;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next) {
      setError('Enter a title.');
      return;
    }
    rename.mutate(
      { id: classification.id, title: next },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.updateSuccessfully);
          setError(null);
        },
        onError: (failure) => setError(titleError(failure) ?? serverMessage(failure)),
      },
    );
  };

  return (
    <ListItem disableGutters>
      <Box
        component="form"
        noValidate
        onSubmit={save}
        aria-label={`Rename ${classification.title}`}
        sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', width: '100%' }}
      >
        <TextField
          size="small"
          fullWidth
          label={`${classification.image_count} image(s)`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { maxLength: 255, 'aria-label': `Title of ${classification.title}` } }}
        />
        <Tooltip title="Save">
          <span>
            <IconButton type="submit" aria-label={`Save ${classification.title}`} disabled={!changed} loading={rename.isPending}>
              <CheckIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${classification.title}`} onClick={onDelete}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
