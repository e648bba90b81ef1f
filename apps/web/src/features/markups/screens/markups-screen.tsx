import { MESSAGES, PRODUCT_TYPES, type MarkupBody, type MarkupResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { useListFilters } from '@/lib/use-list-filters';
import { useCreateMarkup } from '../api/create-markup';
import { useDeleteMarkup } from '../api/delete-markup';
import { MARKUPS_PAGE_SIZE, useMarkups } from '../api/list-markups';
import { useUpdateMarkup } from '../api/update-markup';
import { MarkupDialog } from '../components/markup-dialog';

const FILTERS = ['search'] as const;
const COLUMNS = 7;
const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

const typeLabel = (value: MarkupResponse['product_type']) => (value === null ? 'Any' : (PRODUCT_TYPES.find((type) => type.value === value)?.name ?? value));

/** The cost band as people read it: [from, to) on the total cost excl. VAT. */
function costBand(markup: MarkupResponse): string {
  const { cost_from: from, cost_to: to } = markup;
  if (from === null && to === null) return 'Any cost';
  if (from === null) return `Below ${money.format(to!)} kr`;
  if (to === null) return `${money.format(from)} kr and above`;
  return `${money.format(from)} – ${money.format(to)} kr`;
}

type Editing = { mode: 'add' } | { mode: 'edit'; markup: MarkupResponse } | null;

/** /catalog/markup: the company's markup rules, which set the automatic price of every product (DESIGN §5). */
export function MarkupsScreen() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage } = useListFilters(FILTERS);
  const markups = useMarkups({ search: filters.search, page });
  const createMutation = useCreateMarkup();
  const updateMutation = useUpdateMarkup();
  const deleteMutation = useDeleteMarkup();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MarkupResponse | null>(null);

  const data = markups.data;
  // An empty page of a list that has rows: the page is past the end (its last rows were deleted).
  const pastEnd = isPastEnd(data, data?.results.length);

  const handleSave = (body: MarkupBody, onError: (error: unknown) => void) => {
    const onSuccess = (message: string) => () => {
      showSnackbar(message);
      setEditing(null);
    };
    if (editing?.mode === 'edit') updateMutation.mutate({ id: editing.markup.id, body }, { onSuccess: onSuccess(MESSAGES.updateSuccessfully), onError });
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
      <title>Markups · Kontor</title>
      <CardHeader
        title="Markups"
        subheader="Rules that turn a product's costs into its automatic price."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            Add markup
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Alert severity="info" variant="outlined" sx={{ mx: 2, mb: 2 }} aria-label="How markups apply">
        For each product the rules are tried by priority, lowest first. The first rule whose cost band holds the product&apos;s total cost excl. VAT
        (procurement cost + shipping + packaging labour + packaging material; from inclusive, to exclusive) and whose product type matches gives the markup.
        When no rule matches, the default rule applies; without one the product gets no automatic price. Automatic price = total cost × (1 + markup) × (1 +
        VAT), rounded to whole kronor. A manual price override always wins.
      </Alert>
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <SearchField label="Search markups" value={filters.search} onSearch={(value) => setFilter('search', value)} />
      </Box>
      {markups.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Markups">
          <TableHead>
            <TableRow>
              <TableCell align="right" sx={{ width: 90 }}>
                Priority
              </TableCell>
              <TableCell>Name</TableCell>
              <TableCell align="right">Markup</TableCell>
              <TableCell>Cost band (excl. VAT)</TableCell>
              <TableCell>Product type</TableCell>
              <TableCell>Default</TableCell>
              <TableCell align="right" sx={{ width: 100 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {markups.isError ? <TableMessageRow colSpan={COLUMNS} error={MESSAGES.couldNotGetMarkups} /> : null}
            {!markups.isError &&
              data?.results.map((markup) => (
                <TableRow key={markup.id} hover>
                  <TableCell align="right" sx={numeric}>
                    {markup.priority}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 500 }}>{markup.name}</TableCell>
                  <TableCell align="right" sx={numeric}>
                    {percent.format(markup.percent)} %
                  </TableCell>
                  <TableCell sx={numeric}>{costBand(markup)}</TableCell>
                  <TableCell>{typeLabel(markup.product_type)}</TableCell>
                  <TableCell>{markup.is_default ? <Chip size="small" color="primary" variant="outlined" label="Default" /> : null}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${markup.name}`} onClick={() => setEditing({ mode: 'edit', markup })}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete ${markup.name}`} onClick={() => setDeleting(markup)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            {!markups.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, MARKUPS_PAGE_SIZE))} /> : null}
            {!markups.isError && data && data.results.length === 0 && !pastEnd ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filters.search ? 'Try another search.' : 'Add a default rule first, then rules for cost bands or product types that need another markup.'}
              >
                {filters.search ? 'No markup matches this search.' : 'No markups yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={MARKUPS_PAGE_SIZE} onPageChange={setPage} />
      <MarkupDialog
        open={editing !== null}
        markup={editing?.mode === 'edit' ? editing.markup : null}
        pending={createMutation.isPending || updateMutation.isPending}
        onSave={handleSave}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete markup?"
        message={`'${deleting?.name ?? ''}' is removed; automatic prices then follow the remaining rules.`}
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
