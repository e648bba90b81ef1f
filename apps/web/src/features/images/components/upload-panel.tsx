import { MESSAGES } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { useUploadImages, type UploadOutcome } from '../api/upload-images';
import { uploadCountsMessage } from './format';

/** The file input stays in the page (labels, tests and assistive tech reach it); its button is what shows. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  clip: 'rect(0 0 0 0)',
} as const;

type UploadPanelProps = {
  /** New images get the classification the list is filtered by. */
  classification: number | null;
};

/**
 * Drop zone and file picker for the image library: every file dropped or chosen goes up in
 * one multipart request (more in several), with a progress bar, then a summary of what was
 * stored and what was refused, with each refused file named.
 */
export function UploadPanel({ classification }: UploadPanelProps) {
  const showSnackbar = useSnackbar();
  const upload = useUploadImages();
  const helpId = useId();
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);

  const start = (files: File[]) => {
    if (files.length === 0 || upload.isPending) return;
    setOutcome(null);
    setProgress(0);
    upload.mutate(
      { files, classification, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setOutcome(result);
          // Spec §8: a failed upload says so in the snackbar; the summary names the files.
          if (result.requestFailed || result.uploaded === 0) showSnackbar(MESSAGES.couldNotUploadImages, 'error');
          else showSnackbar(uploadCountsMessage(result.uploaded, result.failed), result.failed ? 'warning' : 'success');
        },
        onError: () => showSnackbar(MESSAGES.couldNotUploadImages, 'error'),
      },
    );
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start(Array.from(event.dataTransfer.files));
  };

  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Box
        role="region"
        aria-label="Upload images"
        onDragEnter={(event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event: DragEvent) => event.preventDefault()}
        onDragLeave={(event: DragEvent) => {
          // Leaving for a child of the zone is not leaving the zone.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={handleDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        <CloudUploadOutlinedIcon color={dragging ? 'primary' : 'action'} fontSize="large" />
        <Box sx={{ flex: '1 1 240px' }}>
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            Drop images here
          </Typography>
          <Typography id={helpId} variant="body2" color="text.secondary">
            PNG, JPEG, WebP or GIF; many at once. Each file is checked by its content.
          </Typography>
        </Box>
        <Button component="label" variant="contained" disabled={upload.isPending}>
          Choose files
          <Box
            component="input"
            sx={visuallyHidden}
            type="file"
            multiple
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label="Image files"
            aria-describedby={helpId}
            disabled={upload.isPending}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              const files = Array.from(event.target.files ?? []);
              // The same files chosen again after a failure must fire a change too.
              event.target.value = '';
              start(files);
            }}
          />
        </Button>
        {upload.isPending ? (
          <Box sx={{ flexBasis: '100%' }}>
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />
          </Box>
        ) : null}
      </Box>
      {outcome ? <UploadSummary outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </Box>
  );
}

function UploadSummary({ outcome, onClose }: { outcome: UploadOutcome; onClose: () => void }) {
  const failures = outcome.results.filter((r) => r.error);
  const severity = outcome.failed === 0 ? 'success' : outcome.uploaded === 0 ? 'error' : 'warning';
  return (
    <Alert severity={severity} onClose={onClose} sx={{ mt: 1.5 }} role="status" aria-label="Upload result">
      <AlertTitle sx={{ mb: failures.length ? 0.5 : 0 }}>{uploadCountsMessage(outcome.uploaded, outcome.failed)}</AlertTitle>
      {failures.length ? (
        <Box component="ul" aria-label="Failed files" sx={{ m: 0, pl: 2.5 }}>
          {failures.map((failure, index) => (
            <Typography component="li" variant="body2" key={`${failure.filename}-${index}`} sx={{ wordBreak: 'break-all' }}>
              {failure.filename}: {failure.error}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
