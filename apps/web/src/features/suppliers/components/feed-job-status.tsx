import { FEED_IMPORT_JOB, FeedImportResult, type JobResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

const count = new Intl.NumberFormat();
/** Row errors shown in the table cell; the rest are a click away. */
const INLINE_ERRORS = 3;

type RowError = FeedImportResult['errors'][number];

/** 'Row 12 (SKU A-1): Cost is not a number.' */
export const rowErrorText = (error: RowError) => `Row ${error.row}${error.sku ? ` (SKU ${error.sku})` : ''}: ${error.message}`;

/** '12 created, 3 updated, 80 unchanged, 1 removed, 2 skipped' */
export const resultSummary = (result: FeedImportResult) =>
  [
    `${count.format(result.created)} created`,
    `${count.format(result.updated)} updated`,
    `${count.format(result.unchanged)} unchanged`,
    `${count.format(result.removed)} removed`,
    `${count.format(result.skipped)} skipped`,
  ].join(', ');

/** 'Queued', '1,200 rows read' while the file is read, then '600 / 1,200 rows'. */
export const progressText = (job: JobResponse) => {
  if (job.status === 'queued') return 'Queued';
  const { done, total } = job.progress;
  return total === null ? `${count.format(done)} rows read` : `${count.format(done)} / ${count.format(total)} rows`;
};

const importResultOf = (job: JobResponse) => {
  if (job.kind !== FEED_IMPORT_JOB) return null;
  const parsed = FeedImportResult.safeParse(job.result);
  return parsed.success ? parsed.data : null;
};

type FeedJobStatusProps = {
  /** Names the progress bar and the result for assistive technology and tests. */
  feedName: string;
  job: JobResponse | null | undefined;
};

/**
 * A feed's latest import in its row: a live progress bar while it is queued or running
 * (determinate once the row count is known), then its counts and first row errors, or the
 * failure in red. A live region, so a screen reader hears the outcome.
 */
export function FeedJobStatus({ feedName, job }: FeedJobStatusProps) {
  const [showErrors, setShowErrors] = useState(false);
  const label = `Last result of ${feedName}`;

  if (!job) {
    return (
      <Box role="status" aria-label={label}>
        <Typography variant="body2" color="text.secondary">
          Never run
        </Typography>
      </Box>
    );
  }

  if (job.status === 'queued' || job.status === 'running') {
    const { done, total } = job.progress;
    const determinate = job.status === 'running' && total !== null && total > 0;
    return (
      <Box role="status" aria-label={label} sx={{ minWidth: 180 }}>
        <LinearProgress
          aria-label={`Import progress of ${feedName}`}
          variant={determinate ? 'determinate' : 'indeterminate'}
          value={determinate ? Math.min(100, (done / total) * 100) : undefined}
          sx={{ height: 6, borderRadius: 3, mb: 0.5 }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {progressText(job)}
        </Typography>
      </Box>
    );
  }

  if (job.status === 'failed') {
    return (
      <Box role="status" aria-label={label}>
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          Failed: {job.error ?? 'Unknown error'}
        </Typography>
      </Box>
    );
  }

  const result = importResultOf(job);
  if (!result) {
    return (
      <Box role="status" aria-label={label}>
        <Typography variant="body2">Finished</Typography>
      </Box>
    );
  }
  const inline = result.errors.slice(0, INLINE_ERRORS);
  return (
    <Box role="status" aria-label={label}>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {resultSummary(result)}
      </Typography>
      {inline.map((error, index) => (
        <Typography key={index} variant="caption" component="div" color="warning.dark" sx={{ overflowWrap: 'anywhere' }}>
          {rowErrorText(error)}
        </Typography>
      ))}
      {result.error_count > inline.length ? (
        <Button size="small" sx={{ px: 0.5, minWidth: 0 }} onClick={() => setShowErrors(true)} aria-label={`Show all row errors of ${feedName}`}>
          All {count.format(result.error_count)} row errors
        </Button>
      ) : null}
      <RowErrorsDialog open={showErrors} feedName={feedName} result={result} onClose={() => setShowErrors(false)} />
    </Box>
  );
}

function RowErrorsDialog({ open, feedName, result, onClose }: { open: boolean; feedName: string; result: FeedImportResult; onClose: () => void }) {
  const titleId = useId();
  const unlisted = result.error_count - result.errors.length;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>Row errors of {feedName}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          These rows were skipped; the rest of the file was imported. {resultSummary(result)}.
        </Typography>
        <List dense disablePadding>
          {result.errors.map((error, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText primary={rowErrorText(error)} />
            </ListItem>
          ))}
        </List>
        {unlisted > 0 ? (
          <Typography variant="body2" color="text.secondary">
            …and {count.format(unlisted)} more.
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
