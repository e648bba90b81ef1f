import { MESSAGES, type FileUrlBody, type FileUrlResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
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
import AddLinkIcon from '@mui/icons-material/AddLink';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useState } from 'react';
import { CatalogProductPicker } from '@/components/catalog-product-picker';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterSelect, type FilterOption } from '@/components/filter-select';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { useCatalogProduct } from '@/lib/catalog-product-options';
import { useListFilters } from '@/lib/use-list-filters';
import { useCreateFileUrl } from '../api/create-file-url';
import { useDeleteFileUrl } from '../api/delete-file-url';
import { FILE_URLS_PAGE_SIZE, useFileUrls } from '../api/list-file-urls';
import { useUpdateFileUrl } from '../api/update-file-url';
import { FileUrlDialog } from '../components/file-url-dialog';

const FILTERS = ['product', 'removed_from_source', 'search'] as const;
const COLUMNS = 7;
const REMOVED_OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'All' },
  { value: 'false', label: 'Available at source' },
  { value: 'true', label: 'Removed from source' },
];
const ellipsis = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

const validId = (value: string) => (/^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : 0);
/** The last part of a URL's path, which is what tells files apart in a narrow column. */
const fileName = (url: string) => {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    return decodeURIComponent(parts.at(-1) ?? url);
  } catch {
    return url;
  }
};
const linkName = (fileUrl: FileUrlResponse) => fileUrl.title || fileName(fileUrl.url);

type Editing = { mode: 'add' } | { mode: 'edit'; fileUrl: FileUrlResponse } | null;

/** /catalog/file-urls (spec §2): products' document and file links — list, add, edit, delete. */
export function FileUrlsScreen() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const productId = validId(filters.product);
  const removed = ['true', 'false'].includes(filters.removed_from_source) ? filters.removed_from_source : '';
  const fileUrls = useFileUrls({ product: productId ? String(productId) : '', removed_from_source: removed, search: filters.search, page });
  const product = useCatalogProduct(productId);
  const createMutation = useCreateFileUrl();
  const updateMutation = useUpdateFileUrl();
  const deleteMutation = useDeleteFileUrl();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FileUrlResponse | null>(null);

  const data = fileUrls.data;
  // An empty page of a list that has rows: the page is past the end (its last rows were deleted).
  const pastEnd = isPastEnd(data, data?.results.length);
  const filtered = FILTERS.some((name) => filters[name] !== '');
  const chosenProduct = productId && product.data ? product.data : null;

  const handleSave = (body: FileUrlBody, onError: (error: unknown) => void) => {
    const onSuccess = (message: string) => () => {
      showSnackbar(message);
      setEditing(null);
    };
    if (editing?.mode === 'edit') updateMutation.mutate({ id: editing.fileUrl.id, body }, { onSuccess: onSuccess(MESSAGES.updateSuccessfully), onError });
    // Spec §8: file URL add says 'A new resource was created successfully.'
    else createMutation.mutate(body, { onSuccess: onSuccess(MESSAGES.resourceCreated), onError });
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
      <title>File URLs · Kontor</title>
      <CardHeader
        title="File URLs"
        subheader="Manuals, data sheets and other files linked to your products."
        action={
          <Button variant="contained" startIcon={<AddLinkIcon />} onClick={() => setEditing({ mode: 'add' })}>
            Add file URL
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <CatalogProductPicker value={chosenProduct} onChange={(next) => setFilter('product', next ? String(next.id) : '')} width={320} />
        <FilterSelect label="Source" value={removed} onChange={(value) => setFilter('removed_from_source', value)} options={REMOVED_OPTIONS} minWidth={190} />
        <SearchField label="Search file URLs" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {fileUrls.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="File URLs">
          <TableHead>
            <TableRow>
              <TableCell align="right" sx={{ width: 80 }}>
                Priority
              </TableCell>
              <TableCell>Title</TableCell>
              <TableCell>URL</TableCell>
              <TableCell>Source URL</TableCell>
              <TableCell>Product</TableCell>
              <TableCell>Source</TableCell>
              <TableCell align="right" sx={{ width: 100 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fileUrls.isError ? <TableMessageRow colSpan={COLUMNS} error={`${MESSAGES.fetchFailed}: ${errorText(fileUrls.error)}`} /> : null}
            {!fileUrls.isError &&
              data?.results.map((fileUrl) => (
                <TableRow key={fileUrl.id} hover>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {fileUrl.priority}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 500 }}>
                    {fileUrl.title || (
                      <Typography component="span" variant="body2" color="text.secondary">
                        No title
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>
                    <Link href={fileUrl.url} target="_blank" rel="noopener noreferrer" title={fileUrl.url} sx={ellipsis}>
                      {fileUrl.url}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ maxWidth: 240 }}>
                    {fileUrl.source_url ? (
                      <Link href={fileUrl.source_url} target="_blank" rel="noopener noreferrer" title={fileUrl.source_url} color="text.secondary" sx={ellipsis}>
                        {fileUrl.source_url}
                      </Link>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        —
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {fileUrl.product === null ? (
                      <Typography variant="body2" color="text.secondary">
                        No product
                      </Typography>
                    ) : (
                      <>
                        <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', mr: 1 }}>
                          {fileUrl.product_sku}
                        </Typography>
                        {fileUrl.product_name}
                      </>
                    )}
                  </TableCell>
                  <TableCell>
                    {fileUrl.removed_from_source ? (
                      <Chip size="small" color="warning" variant="outlined" label="Removed from source" />
                    ) : (
                      <Chip size="small" variant="outlined" label="Available" />
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${linkName(fileUrl)}`} onClick={() => setEditing({ mode: 'edit', fileUrl })}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete ${linkName(fileUrl)}`} onClick={() => setDeleting(fileUrl)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            {!fileUrls.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, FILE_URLS_PAGE_SIZE))} /> : null}
            {!fileUrls.isError && data && data.results.length === 0 && !pastEnd ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filtered ? 'Try other filters, or clear them.' : 'Add a link to a manual or data sheet of one of your products.'}
              >
                {filtered ? 'No file URLs match these filters.' : 'No file URLs yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={FILE_URLS_PAGE_SIZE} onPageChange={setPage} />
      <FileUrlDialog
        open={editing !== null}
        fileUrl={editing?.mode === 'edit' ? editing.fileUrl : null}
        defaultProduct={chosenProduct}
        pending={createMutation.isPending || updateMutation.isPending}
        onSave={handleSave}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete file URL?"
        message={deleting ? `'${linkName(deleting)}' (${deleting.url}) is removed${deleting.product_sku ? ` from ${deleting.product_sku}` : ''}.` : ''}
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
