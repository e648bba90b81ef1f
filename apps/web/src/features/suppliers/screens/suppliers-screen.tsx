import { MESSAGES, type SupplierBody, type SupplierResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
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
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { useCreateSupplier } from '../api/create-supplier';
import { useDeleteSupplier } from '../api/delete-supplier';
import { useCurrencies } from '../api/list-currencies';
import { SUPPLIERS_PAGE_SIZE, useSuppliers } from '../api/list-suppliers';
import { useUpdateSupplier } from '../api/update-supplier';
import { SupplierDialog } from '../components/supplier-dialog';
import { useListFilters } from '@/lib/use-list-filters';

const FILTERS = ['search'] as const;
const COLUMNS = 8;
/** Long addresses end in an ellipsis, so the table fits a laptop screen without scrolling sideways. */
const clipped = { maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

type Editing = { mode: 'add' } | { mode: 'edit'; supplier: SupplierResponse } | null;

/** /procurement/supplier: the company's suppliers (spec §2), with add, edit and delete (messages of spec §4/§8). */
export function SuppliersScreen() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage } = useListFilters(FILTERS);
  const suppliers = useSuppliers({ search: filters.search, page });
  const currencies = useCurrencies();
  const createMutation = useCreateSupplier();
  const updateMutation = useUpdateSupplier();
  const deleteMutation = useDeleteSupplier();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SupplierResponse | null>(null);

  const data = suppliers.data;
  // An empty page of a list that has rows: the page is past the end (its last rows were deleted).
  const pastEnd = isPastEnd(data, data?.results.length);
  const currencyCode = (id: number | null) => (id === null ? 'SEK' : (currencies.data?.find((currency) => currency.id === id)?.code ?? ''));

  const handleSave = (body: SupplierBody, onError: (error: unknown) => void) => {
    const onSuccess = (message: string) => () => {
      showSnackbar(message);
      setEditing(null);
    };
    if (editing?.mode === 'edit') updateMutation.mutate({ id: editing.supplier.id, body }, { onSuccess: onSuccess(MESSAGES.updateSuccessfully), onError });
    else createMutation.mutate(body, { onSuccess: onSuccess(MESSAGES.supplierAdded), onError });
  };

  const handleDelete = () => {
    if (!deleting) return;
    deleteMutation.mutate(deleting.id, {
      onSuccess: () => showSnackbar(MESSAGES.removed),
      // A 409 names what still uses the supplier (feeds, products, orders).
      onError: (error) => showSnackbar(errorText(error), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card>
      <title>Suppliers · Kontor</title>
      <CardHeader
        title="Suppliers"
        subheader="The suppliers you buy from; their feeds fill the procurement products."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            Add supplier
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <SearchField label="Search suppliers" value={filters.search} onSearch={(value) => setFilter('search', value)} />
      </Box>
      {/* Spec §8: the currencies' failure reads like the suppliers' (without them the currency column is blank). */}
      {currencies.isError ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {`${MESSAGES.couldNotGetSuppliers}: ${errorText(currencies.error)}`}
        </Alert>
      ) : null}
      {suppliers.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Suppliers">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Abbreviation</TableCell>
              <TableCell>Currency</TableCell>
              <TableCell>Website</TableCell>
              <TableCell>Email</TableCell>
              <TableCell align="right">Feeds</TableCell>
              <TableCell align="right">Products</TableCell>
              <TableCell align="right" sx={{ width: 100 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {suppliers.isError ? <TableMessageRow colSpan={COLUMNS} error={`${MESSAGES.couldNotGetSuppliers}: ${errorText(suppliers.error)}`} /> : null}
            {!suppliers.isError &&
              data?.results.map((supplier) => (
                <TableRow key={supplier.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{supplier.name}</TableCell>
                  <TableCell>{supplier.name_abbrev}</TableCell>
                  <TableCell>{currencyCode(supplier.currency)}</TableCell>
                  <TableCell sx={clipped}>
                    {supplier.website ? (
                      <Link href={supplier.website} target="_blank" rel="noopener noreferrer" title={supplier.website}>
                        {supplier.website.replace(/^https?:\/\//i, '')}
                      </Link>
                    ) : null}
                  </TableCell>
                  <TableCell sx={clipped} title={supplier.email}>
                    {supplier.email ? <Link href={`mailto:${supplier.email}`}>{supplier.email}</Link> : null}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    <Link component={RouterLink} to={`/procurement/supplier-feed?supplier=${supplier.id}`} aria-label={`Feeds of ${supplier.name}`}>
                      {supplier.feeds_count}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {supplier.products_count}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${supplier.name}`} onClick={() => setEditing({ mode: 'edit', supplier })}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete ${supplier.name}`} onClick={() => setDeleting(supplier)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            {!suppliers.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, SUPPLIERS_PAGE_SIZE))} /> : null}
            {!suppliers.isError && data && data.results.length === 0 && !pastEnd ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filters.search ? 'Try another search.' : 'Add the suppliers you buy from, or take one from the global supplier directory.'}
              >
                {filters.search ? 'No supplier matches this search.' : 'No suppliers yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={SUPPLIERS_PAGE_SIZE} onPageChange={setPage} />
      <SupplierDialog
        open={editing !== null}
        supplier={editing?.mode === 'edit' ? editing.supplier : null}
        pending={createMutation.isPending || updateMutation.isPending}
        onSave={handleSave}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete supplier?"
        message={`'${deleting?.name ?? ''}' is removed. A supplier that still has feeds, products or purchase orders cannot be deleted.`}
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
