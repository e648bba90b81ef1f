import {
  DEFAULT_DESCRIPTION_LANGUAGE,
  LANGUAGES,
  PUBLISH_ACTION_LABELS,
  PUBLISH_ACTIONS,
  PUBLISH_MAX_IDS,
  PUBLISH_PROBLEM_TEXT,
  PUBLISH_PROBLEMS,
  PublishResult,
  SELECTION_EXPORT_DAYS,
  isJobActive,
  type JobResponse,
  type Language,
  type PublishAction,
  type PublishBody,
  type PublishResponse,
  type PublishValidationResponse,
} from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useId, useState } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorBodyText } from '@/lib/error-body-text';
import { usePublishJob } from '../api/get-publish-job';
import { usePublishProducts } from '../api/publish-products';
import { usePublishValidation } from '../api/validate-publish';

type Scope = 'selected' | 'all';

/**
 * What each scope writes (ADR 0013): all products go to the channel's feed, which the channel
 * fetches on a schedule and deletes from what it no longer lists; a selection to a file of its own.
 */
const SCOPE_HELP: Record<Scope, string> = {
  selected: `The selection gets a file of its own, kept for ${SELECTION_EXPORT_DAYS} days; the channel’s feed keeps every product.`,
  all: 'Every product goes to the channel’s feed, at the URL the channel fetches on a schedule.',
};
const OUTCOME_NOTE: Record<Scope, string> = {
  selected: `This file holds the selection alone and is kept for ${SELECTION_EXPORT_DAYS} days; the channel’s feed was left as it was, and no product was marked as synced to e-commerce.`,
  all: 'Give the channel this URL to fetch on a schedule: every publish of all products replaces the file, the URL stays.',
};

const count = new Intl.NumberFormat();
const products = (n: number) => (n === 1 ? '1 product' : `${count.format(n)} products`);

export type PublishDialogProps = {
  open: boolean;
  /** The grid's selection; empty when nothing is selected (then every product is published). */
  selectedIds: readonly number[];
  onClose: () => void;
};

/**
 * Publishes the catalog (or the selection) to a sales channel: a validation report first, asked
 * again on every change of channel, scope or language, then the background job with its
 * progress and, when it is done, the file URLs to give the channel.
 */
export function PublishDialog({ open, selectedIds, onClose }: PublishDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>Publish products</DialogTitle>
      {/* The dialog unmounts its content when closed: every opening starts from a fresh choice and report. */}
      <PublishDialogContent selectedIds={selectedIds} onClose={onClose} />
    </Dialog>
  );
}

function PublishDialogContent({ selectedIds, onClose }: Omit<PublishDialogProps, 'open'>) {
  const channelId = useId();
  const scopeId = useId();
  const selectable = selectedIds.length > 0 && selectedIds.length <= PUBLISH_MAX_IDS;
  const [action, setAction] = useState<PublishAction>(PUBLISH_ACTIONS[0]);
  const [scope, setScope] = useState<Scope>(selectable ? 'selected' : 'all');
  const [language, setLanguage] = useState<Language>(DEFAULT_DESCRIPTION_LANGUAGE);
  const [published, setPublished] = useState<PublishResponse | null>(null);
  const body: PublishBody = scope === 'selected' ? { action, ids: [...selectedIds], language } : { action, language };

  const validation = usePublishValidation(body);
  const publishMutation = usePublishProducts();
  const jobQuery = usePublishJob(published?.job ?? null);
  const job = published ? jobQuery.data : undefined;
  const running = publishMutation.isPending || (job !== undefined && isJobActive(job));
  const report = validation.data;
  const canPublish = !running && !validation.isFetching && report !== undefined && report.publishable > 0;

  // A new choice is a new publish: the last one's outcome no longer describes it.
  const startOver = () => {
    setPublished(null);
    publishMutation.reset();
  };
  const handleActionChange = (next: PublishAction) => {
    startOver();
    setAction(next);
  };
  const handleScopeChange = (next: Scope) => {
    startOver();
    setScope(next);
  };
  const handleLanguageChange = (next: Language) => {
    startOver();
    setLanguage(next);
  };
  const handlePublish = () => {
    setPublished(null);
    publishMutation.mutate(body, { onSuccess: setPublished });
  };

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          <FormControl disabled={running}>
            <FormLabel id={channelId}>Channel</FormLabel>
            <RadioGroup aria-labelledby={channelId} value={action} onChange={(event) => handleActionChange(event.target.value as PublishAction)}>
              {PUBLISH_ACTIONS.map((option) => (
                <FormControlLabel key={option} value={option} control={<Radio />} label={PUBLISH_ACTION_LABELS[option]} />
              ))}
            </RadioGroup>
          </FormControl>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
            {selectedIds.length > 0 ? (
              <FormControl disabled={running}>
                <FormLabel id={scopeId}>Products</FormLabel>
                <RadioGroup aria-labelledby={scopeId} value={scope} onChange={(event) => handleScopeChange(event.target.value as Scope)}>
                  <FormControlLabel
                    value="selected"
                    control={<Radio />}
                    disabled={!selectable}
                    label={
                      selectable
                        ? `Selected products (${count.format(selectedIds.length)})`
                        : `Selected products (${count.format(selectedIds.length)}): at most ${count.format(PUBLISH_MAX_IDS)} at a time`
                    }
                  />
                  <FormControlLabel value="all" control={<Radio />} label="All products" />
                </RadioGroup>
                <FormHelperText sx={{ mx: 0, maxWidth: 360 }}>{SCOPE_HELP[scope]}</FormHelperText>
              </FormControl>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                Nothing is selected in the grid: every product of the catalog is published.
              </Typography>
            )}
            <TextField
              select
              size="small"
              label="Language"
              value={language}
              disabled={running}
              onChange={(event) => handleLanguageChange(event.target.value as Language)}
              helperText="The descriptions' language; the product name when there is none."
              sx={{ minWidth: 120, maxWidth: 260 }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </TextField>
          </Box>

          {validation.isFetching ? <LinearProgress aria-label="Checking the products" /> : null}
          {validation.isError ? <Alert severity="error">{errorBodyText(validation.error)}</Alert> : report ? <ValidationReport report={report} /> : null}

          {publishMutation.isError ? <Alert severity="error">{errorBodyText(publishMutation.error)}</Alert> : null}
          {published && job ? <PublishOutcome job={job} urls={published.urls} scope={scope} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={handlePublish} disabled={!canPublish} loading={running}>
          Publish
        </Button>
      </DialogActions>
    </>
  );
}

function ValidationReport({ report }: { report: PublishValidationResponse }) {
  const unlisted = report.rejected - report.problems.length;
  const counts = PUBLISH_PROBLEMS.flatMap((code) => {
    const n = report.problem_counts[code];
    return n ? [{ code, n }] : [];
  });
  return (
    <Stack spacing={1} role="status" aria-label="Validation">
      <Typography sx={{ fontWeight: 600 }}>
        {products(report.publishable)} ready, {count.format(report.rejected)} would be rejected
      </Typography>
      {counts.length > 0 ? (
        <Box component="ul" aria-label="Problems" sx={{ m: 0, pl: 3 }}>
          {counts.map(({ code, n }) => (
            <Typography component="li" variant="body2" key={code}>
              {PUBLISH_PROBLEM_TEXT[code]}: {products(n)}
            </Typography>
          ))}
        </Box>
      ) : null}
      {report.problems.length > 0 ? (
        <Box sx={{ maxHeight: 280, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label="Products that would be rejected">
            <TableHead>
              <TableRow>
                <TableCell>SKU</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Problems</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.problems.map((product) => (
                <TableRow key={product.id}>
                  <TableCell>{product.sku}</TableCell>
                  <TableCell>{product.name}</TableCell>
                  <TableCell>{product.problems.map((code) => PUBLISH_PROBLEM_TEXT[code]).join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      {unlisted > 0 ? (
        <Typography variant="body2" color="text.secondary">
          …and {products(unlisted)} more.
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The job while it runs, then its failure or its figures and the file URLs. A live region, so a screen reader hears the outcome. */
function PublishOutcome({ job, urls, scope }: { job: JobResponse; urls: string[]; scope: Scope }) {
  const showSnackbar = useSnackbar();

  if (isJobActive(job)) {
    const { done, total } = job.progress;
    const determinate = job.status === 'running' && total !== null && total > 0;
    return (
      <Box role="status" aria-label="Publish status">
        <LinearProgress
          aria-label="Publishing"
          variant={determinate ? 'determinate' : 'indeterminate'}
          value={determinate ? Math.min(100, (done / total) * 100) : undefined}
          sx={{ height: 6, borderRadius: 3, mb: 0.5 }}
        />
        <Typography variant="caption" color="text.secondary">
          {job.status === 'queued' ? 'Queued' : total === null ? 'Publishing…' : `${count.format(done)} / ${products(total)}`}
        </Typography>
      </Box>
    );
  }

  if (job.status === 'failed') {
    return (
      <Box role="status" aria-label="Publish status">
        <Alert severity="error">Publishing failed: {job.error ?? 'Unknown error'}</Alert>
      </Box>
    );
  }

  const parsed = PublishResult.safeParse(job.result);
  const result = parsed.success ? parsed.data : null;
  const links = result?.urls ?? urls;
  const handleCopy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => showSnackbar('Link copied'),
      () => showSnackbar('Could not copy the link', 'error'),
    );
  return (
    <Box role="status" aria-label="Publish status">
      <Alert severity="success">
        {result
          ? `Published ${products(result.publishable)}; ${products(result.rejected)} left out` +
            (result.synced ? `; ${products(result.synced)} marked as synced to e-commerce.` : '.')
          : 'Published.'}
      </Alert>
      <Box component="ul" aria-label="Export files" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {links.map((url) => (
          <Box component="li" key={url} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {url}
            </Link>
            <IconButton size="small" aria-label={`Copy ${url}`} onClick={() => void handleCopy(url)}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {OUTCOME_NOTE[scope]}
      </Typography>
    </Box>
  );
}
