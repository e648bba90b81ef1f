import { isJobActive, MESSAGES, type FeedBody, type FeedResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterSelect } from '@/components/filter-select';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateFeed } from '../api/create-feed';
import { useDeleteFeed } from '../api/delete-feed';
import { useFeedJob } from '../api/get-job';
import { FEEDS_PAGE_SIZE, useFeeds } from '../api/list-feeds';
import { useSupplierOptions } from '../api/list-supplier-options';
import { useRunFeed } from '../api/run-feed';
import { useUpdateFeed } from '../api/update-feed';
import { FeedDialog } from '../components/feed-dialog';
import { SCHEDULE_LABELS } from '../components/feed-form-schema';
import { FeedJobStatus } from '../components/feed-job-status';
import { useListFilters } from '@/lib/use-list-filters';

const FILTERS = ['supplier', 'search'] as const;
const COLUMNS = 8;

type Editing = { mode: 'add' } | { mode: 'edit'; feed: FeedResponse } | null;

/** /procurement/supplier-feed: where suppliers publish their catalogs, how to read them, and their imports (live). */
export function SupplierFeedsScreen() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const supplier = Number(filters.supplier) > 0 ? filters.supplier : '';
  const feeds = useFeeds({ supplier, search: filters.search, page });
  const suppliers = useSupplierOptions();
  const createMutation = useCreateFeed();
  const updateMutation = useUpdateFeed();
  const deleteMutation = useDeleteFeed();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FeedResponse | null>(null);

  const data = feeds.data;
  const filtered = Boolean(supplier || filters.search);
  // An empty page of a list that has rows: the page is past the end (its last rows were deleted).
  const pastEnd = isPastEnd(data, data?.results.length);

  const handleSave = (body: FeedBody, onError: (error: unknown) => void) => {
    const onSuccess = (message: string) => () => {
      showSnackbar(message);
      setEditing(null);
    };
    if (editing?.mode === 'edit') updateMutation.mutate({ id: editing.feed.id, body }, { onSuccess: onSuccess(MESSAGES.updateSuccessfully), onError });
    else createMutation.mutate(body, { onSuccess: onSuccess(MESSAGES.addSuccessfully), onError });
  };

  const handleDelete = () => {
    if (!deleting) return;
    deleteMutation.mutate(deleting.id, {
      onSuccess: () => showSnackbar(MESSAGES.removed),
      onError: (error) => showSnackbar(errorText(error), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card>
      <title>Supplier feeds · Kontor</title>
      <CardHeader
        title="Supplier feeds"
        subheader="Catalog files your suppliers publish (CSV, XML or JSON). Each import updates the procurement products."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            Add feed
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <FilterSelect
          label="Supplier"
          value={supplier}
          onChange={(value) => setFilter('supplier', value)}
          minWidth={200}
          options={[{ value: '', label: 'All suppliers' }, ...(suppliers.data ?? []).map((option) => ({ value: String(option.id), label: option.name }))]}
        />
        <SearchField label="Search feeds" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {feeds.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Supplier feeds">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Supplier</TableCell>
              <TableCell>Format</TableCell>
              <TableCell>URL</TableCell>
              <TableCell>Schedule</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>Last run</TableCell>
              <TableCell sx={{ minWidth: 200 }}>Last result</TableCell>
              <TableCell align="right" sx={{ width: 120 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {feeds.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(feeds.error)} /> : null}
            {!feeds.isError &&
              data?.results.map((feed) => (
                <FeedRow key={feed.id} feed={feed} onEdit={() => setEditing({ mode: 'edit', feed })} onDelete={() => setDeleting(feed)} />
              ))}
            {!feeds.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, FEEDS_PAGE_SIZE))} /> : null}
            {!feeds.isError && data && data.results.length === 0 && !pastEnd ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filtered ? 'Try other filters, or clear them.' : "Add a feed: the URL of a supplier's catalog file and which columns hold SKU and name."}
              >
                {filtered ? 'No feed matches these filters.' : 'No supplier feeds yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={FEEDS_PAGE_SIZE} onPageChange={setPage} />
      <FeedDialog
        open={editing !== null}
        feed={editing?.mode === 'edit' ? editing.feed : null}
        defaultSupplier={supplier || (suppliers.data?.length === 1 ? String(suppliers.data[0]!.id) : '')}
        pending={createMutation.isPending || updateMutation.isPending}
        onSave={handleSave}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete feed?"
        message={`'${deleting?.name ?? ''}' is removed. The products it imported stay with the supplier.`}
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

type FeedRowProps = {
  feed: FeedResponse;
  onEdit: () => void;
  onDelete: () => void;
};

function FeedRow({ feed, onEdit, onDelete }: FeedRowProps) {
  // Each row runs its own feed: with one mutation for the list, Run now on a second feed took over
  // its state, and the first feed's answer (its job, or its refusal) was never shown.
  const runMutation = useRunFeed();
  // The job started here is watched at once, before the list has refetched.
  const startedJobId = runMutation.data?.id;
  // The newer of the job started here and the one the list knows (a scheduled run may have begun since).
  const jobId = Math.max(startedJobId ?? 0, feed.last_job?.id ?? 0) || null;
  const jobQuery = useFeedJob(jobId, feed.last_job);
  const job = jobQuery.data ?? (feed.last_job?.id === jobId ? feed.last_job : null);
  const active = Boolean(job && isJobActive(job));

  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 500 }}>{feed.name}</TableCell>
      <TableCell>{feed.supplier_name}</TableCell>
      <TableCell>{feed.format}</TableCell>
      <TableCell sx={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        <Link href={feed.url} target="_blank" rel="noopener noreferrer" title={feed.url}>
          {feed.url.replace(/^https?:\/\//i, '')}
        </Link>
      </TableCell>
      <TableCell>
        {SCHEDULE_LABELS[feed.schedule]}
        {feed.next_run_at ? (
          <Typography variant="caption" component="div" color="text.secondary">
            Next {formatDateTime(feed.next_run_at)}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', minWidth: 110 }}>{feed.last_run_at ? formatDateTime(feed.last_run_at) : 'Never'}</TableCell>
      <TableCell>
        {runMutation.isError ? (
          <Typography role="alert" variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
            Not started: {errorText(runMutation.error)}
          </Typography>
        ) : null}
        <FeedJobStatus feedName={feed.name} job={job} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={active ? 'An import is under way' : 'Run now'}>
          <span>
            <IconButton
              size="small"
              color="primary"
              aria-label={`Run ${feed.name} now`}
              disabled={active || runMutation.isPending}
              onClick={() => runMutation.mutate(feed.id)}
            >
              <PlayArrowOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${feed.name}`} onClick={onEdit}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${feed.name}`} onClick={onDelete}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
