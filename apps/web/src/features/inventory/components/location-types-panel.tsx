import { MESSAGES, type LocationTypeBody, type LocationTypeResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { useCreateLocationType } from '../api/create-location-type';
import { useDeleteLocationType } from '../api/delete-location-type';
import { useDeleteLocationTypes } from '../api/delete-location-types';
import { LOCATION_TYPES_PAGE_SIZE, useLocationTypes } from '../api/list-location-types';
import { useUpdateLocationType } from '../api/update-location-type';
import { useListFilters } from '@/lib/use-list-filters';
import { LocationTypeNameDialog } from './location-type-name-dialog';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { useFocusAfterDelete } from './use-focus-after-delete';

const FILTERS = ['typeSearch'] as const;
const COLUMNS = 4;

type Editing = { mode: 'add' } | { mode: 'rename'; type: LocationTypeResponse } | null;
/** `bulk` deletes by the ids body, otherwise DELETE {id}/. */
type Deleting = { ids: number[]; label: string; bulk: boolean } | null;

/** Spec §7/§9: list with a name search, page 25, offset = page x limit; refetched after each change (spec §4). */
export function LocationTypesPanel() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage } = useListFilters(FILTERS);
  const types = useLocationTypes({ search: filters.typeSearch, page });
  const createMutation = useCreateLocationType();
  const updateMutation = useUpdateLocationType();
  const deleteOneMutation = useDeleteLocationType();
  const deleteManyMutation = useDeleteLocationTypes();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [selected, setSelected] = useState<number[]>([]);

  const data = types.data;
  const rows = data?.results ?? [];
  const selectedOnPage = rows.filter((row) => selected.includes(row.id));
  const pastEnd = isPastEnd(data, rows.length);
  const {
    buttonRef: deleteButtonRef,
    gridRef,
    deleted: focusAfterDelete,
  } = useFocusAfterDelete(
    rows.map((row) => row.id),
    deleting === null,
  );

  const handleSave = (body: LocationTypeBody, onError: (error: unknown) => void) => {
    if (editing?.mode === 'rename') {
      updateMutation.mutate(
        { id: editing.type.id, body },
        {
          onSuccess: () => {
            showSnackbar(MESSAGES.updateSuccessfully);
            setEditing(null);
          },
          onError,
        },
      );
    } else {
      createMutation.mutate(body, {
        onSuccess: () => {
          showSnackbar(MESSAGES.addSuccessfully);
          setEditing(null);
        },
        onError,
      });
    }
  };

  const handleDelete = () => {
    if (!deleting) return;
    const options = {
      onSuccess: () => {
        showSnackbar(MESSAGES.removed);
        setSelected((current) => current.filter((id) => !deleting.ids.includes(id)));
        focusAfterDelete(deleting.ids);
        setDeleting(null);
      },
      onError: (error: unknown) => {
        showSnackbar(errorText(error), 'error');
        setDeleting(null);
      },
    };
    if (!deleting.bulk) deleteOneMutation.mutate(deleting.ids[0]!, options);
    else deleteManyMutation.mutate(deleting.ids, options);
  };

  const toggle = (id: number, checked: boolean) => setSelected((current) => (checked ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 2, alignItems: 'center' }}>
        <SearchField label="Search types" value={filters.typeSearch} onSearch={(value) => setFilter('typeSearch', value)} />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          color="error"
          startIcon={<DeleteOutlineIcon />}
          disabled={selectedOnPage.length === 0}
          onClick={() => setDeleting({ ids: selectedOnPage.map((row) => row.id), label: 'selected', bulk: true })}
        >
          Delete selected{selectedOnPage.length ? ` (${selectedOnPage.length})` : ''}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
          Add type
        </Button>
      </Box>
      {types.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Location types" ref={gridRef} tabIndex={-1}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={rows.length > 0 && selectedOnPage.length === rows.length}
                  indeterminate={selectedOnPage.length > 0 && selectedOnPage.length < rows.length}
                  onChange={(event) => setSelected(event.target.checked ? rows.map((row) => row.id) : [])}
                  slotProps={{ input: { 'aria-label': 'Select all types on this page' } }}
                />
              </TableCell>
              <TableCell>Name</TableCell>
              <TableCell align="right">Locations</TableCell>
              <TableCell align="right" sx={{ width: 100 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {types.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(types.error)} /> : null}
            {!types.isError &&
              rows.map((type) => (
                <TableRow key={type.id} hover selected={selected.includes(type.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selected.includes(type.id)}
                      onChange={(event) => toggle(type.id, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `Select ${type.name}` } }}
                    />
                  </TableCell>
                  <TableCell>{type.name}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {type.location_count}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Rename">
                      <IconButton size="small" aria-label={`Rename ${type.name}`} onClick={() => setEditing({ mode: 'rename', type })}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton
                        size="small"
                        aria-label={`Delete ${type.name}`}
                        ref={deleteButtonRef(type.id)}
                        onClick={() => setDeleting({ ids: [type.id], label: type.name, bulk: false })}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            {!types.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, LOCATION_TYPES_PAGE_SIZE))} /> : null}
            {!types.isError && data?.count === 0 ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filters.typeSearch ? 'Try another search.' : 'Types group locations, for example Shelf, Pallet or Warehouse. Add one to start.'}
              >
                {filters.typeSearch ? 'No type matches this search.' : 'No location types yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={LOCATION_TYPES_PAGE_SIZE} onPageChange={setPage} />
      <LocationTypeNameDialog
        open={editing !== null}
        type={editing?.mode === 'rename' ? editing.type : null}
        pending={createMutation.isPending || updateMutation.isPending}
        onSave={handleSave}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.bulk ? `Delete ${deleting.ids.length} location types?` : 'Delete location type?'}
        message={
          deleting?.bulk
            ? 'The selected types are removed; their locations keep existing without a type.'
            : `'${deleting?.label ?? ''}' is removed; its locations keep existing without a type.`
        }
        confirmLabel="Delete"
        destructive
        pending={deleteOneMutation.isPending || deleteManyMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
