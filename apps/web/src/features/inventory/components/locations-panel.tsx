import { MESSAGES, PAGE_SIZE, type LocationResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import NativeSelect from '@mui/material/NativeSelect';
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
import { useRef, useState, type KeyboardEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText, fieldErrorsOf, serverMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDeleteLocation } from '../api/delete-location';
import { useLocationTypeOptions } from '../api/list-location-types';
import { useLocations } from '../api/list-locations';
import { useUpdateLocations } from '../api/update-locations';
import { useListFilters } from '@/lib/use-list-filters';
import { CreateLocationDialog } from './create-location-dialog';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { FilterSelect } from '@/components/filter-select';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { useFocusAfterDelete } from './use-focus-after-delete';

export const LOCATIONS_PAGE_SIZE = PAGE_SIZE.inventoryLocations;
const FILTERS = ['search', 'obsolete', 'type'] as const;
const COLUMNS = 8;

type Editable = Pick<LocationResponse, 'name' | 'abbreviation_slug' | 'type' | 'comment' | 'obsolete' | 'not_for_stock'>;
type Edits = Record<number, Partial<Editable>>;
/** A refused save's messages per row and field (the API keys them 'locations.{index}.{field}'). */
type CellErrors = Record<number, Partial<Record<keyof Editable, string>>>;
const EDITABLE: readonly (keyof Editable)[] = ['name', 'abbreviation_slug', 'type', 'comment', 'obsolete', 'not_for_stock'];
const ROW_FIELD = /^locations\.(\d+)\.(\w+)$/;

/** The edits left once `sent` is saved: a field changed again meanwhile stays an edit. */
function withoutSaved(current: Edits, sent: Edits): Edits {
  const next: Edits = { ...current };
  for (const [id, fields] of Object.entries(sent)) {
    const row = { ...next[Number(id)] };
    for (const [field, value] of Object.entries(fields)) {
      if (row[field as keyof Editable] === value) delete row[field as keyof Editable];
    }
    if (Object.keys(row).length) next[Number(id)] = row;
    else delete next[Number(id)];
  }
  return next;
}

const cellInput = {
  width: '100%',
  fontSize: '0.875rem',
  px: 1,
  py: 0.25,
  borderRadius: 1,
  border: 1,
  borderColor: 'transparent',
  '&:hover': { borderColor: 'divider' },
  '&.Mui-focused': { borderColor: 'primary.main', bgcolor: 'background.paper' },
  '&.Mui-error': { borderColor: 'error.main' },
} as const;

/** Inline-edited grid: edited rows are marked and saved together by one bulk PUT. */
export function LocationsPanel() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage } = useListFilters(FILTERS);
  const locations = useLocations({ ...filters, page, limit: LOCATIONS_PAGE_SIZE });
  const types = useLocationTypeOptions();
  const updateMutation = useUpdateLocations();
  const deleteMutation = useDeleteLocation();
  const [edits, setEdits] = useState<Edits>({});
  /** A refused save's messages, each with the name of the row it is about (if any). */
  const [saveError, setSaveError] = useState<{ row: string | null; message: string }[] | null>(null);
  const [cellErrors, setCellErrors] = useState<CellErrors>({});
  // Set as the save starts, before a re-render could disable anything: Enter pressed again meanwhile sends nothing.
  const saving = useRef(false);
  const cellInputs = useRef(new Map<string, HTMLElement>());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<LocationResponse | null>(null);

  const data = locations.data;
  const editedCount = Object.keys(edits).length;
  // Leaving the page, or the grid for the types tab (?tab=), drops the edits: ask first.
  useUnsavedChanges(editedCount > 0, ['tab']);
  const filtered = FILTERS.some((name) => filters[name] !== '');
  const pastEnd = isPastEnd(data, data?.results.length);
  const {
    buttonRef: deleteButtonRef,
    gridRef,
    deleted: focusAfterDelete,
  } = useFocusAfterDelete(data?.results.map((location) => location.id) ?? [], deleting === null);

  const handleEdit = <K extends keyof Editable>(location: LocationResponse, field: K, value: Editable[K]) => {
    setEdits((current) => {
      const row = { ...current[location.id], [field]: value };
      // Back to what the server has: that field is no longer an edit.
      if (location[field] === value) delete row[field];
      const next = { ...current };
      if (Object.keys(row).length) next[location.id] = row;
      else delete next[location.id];
      return next;
    });
    setCellErrors((current) => {
      if (!current[location.id]?.[field]) return current;
      const { [field]: _fixed, ...rest } = current[location.id]!;
      return { ...current, [location.id]: rest };
    });
  };

  /** A refusal: each 'locations.{index}.{field}' at its cell, the first one focused; the rest, with the row's name, in the alert. */
  const showRefusal = (error: unknown, sentIds: number[]) => {
    const fields = fieldErrorsOf(error);
    if (!fields) {
      setSaveError([{ row: null, message: serverMessage(error) }]);
      return;
    }
    const cells: CellErrors = {};
    const lines: { row: string | null; message: string }[] = [];
    let first: string | null = null;
    for (const [key, messages] of Object.entries(fields)) {
      const match = ROW_FIELD.exec(key);
      const id = match ? sentIds[Number(match[1])] : undefined;
      if (id === undefined) {
        lines.push({ row: null, message: messages.join(' ') });
        continue;
      }
      const name = data?.results.find((location) => location.id === id)?.name ?? `Location ${id}`;
      lines.push({ row: name, message: messages.join(' ') });
      const field = EDITABLE.find((editable) => editable === match![2]);
      if (field) {
        cells[id] = { ...cells[id], [field]: messages.join(' ') };
        first ??= `${id}.${field}`;
      }
    }
    setCellErrors(cells);
    setSaveError(lines);
    if (first) cellInputs.current.get(first)?.focus();
  };

  const handleSave = () => {
    if (editedCount === 0 || saving.current) return;
    saving.current = true;
    setSaveError(null);
    setCellErrors({});
    const sent = edits;
    const rows = Object.entries(sent).map(([id, changes]) => ({ id: Number(id), ...changes }));
    updateMutation.mutate(
      { locations: rows },
      {
        onSuccess: () => {
          // What was typed while the save ran is still to be saved.
          setEdits((current) => withoutSaved(current, sent));
          showSnackbar(MESSAGES.updateSuccessfully);
        },
        onError: (error) =>
          showRefusal(
            error,
            rows.map((row) => row.id),
          ),
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  };

  /** Registers a cell's input, so a refusal can put the focus there. */
  const cellRef = (id: number, field: keyof Editable) => (element: HTMLElement | null) => {
    if (element) cellInputs.current.set(`${id}.${field}`, element);
    else cellInputs.current.delete(`${id}.${field}`);
  };

  const handleDiscard = () => {
    setEdits({});
    setSaveError(null);
    setCellErrors({});
  };

  const handleDelete = () => {
    if (!deleting) return;
    deleteMutation.mutate(deleting.id, {
      onSuccess: () => {
        showSnackbar(MESSAGES.removed);
        setEdits(({ [deleting.id]: _removed, ...rest }) => rest);
        focusAfterDelete([deleting.id]);
        setDeleting(null);
      },
      // A location that holds stock or history answers 409 with the reason.
      onError: (error) => {
        showSnackbar(errorText(error), 'error');
        setDeleting(null);
      },
    });
  };

  // Enter in any cell saves every edited row; on a button (a row's Delete) it is that button's.
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLElement && event.target.closest('button')) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      handleSave();
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 2, alignItems: 'center' }}>
        <SearchField label="Search locations" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        <FilterSelect
          label="Obsolete"
          value={filters.obsolete}
          onChange={(value) => setFilter('obsolete', value)}
          minWidth={130}
          options={[
            { value: '', label: 'All' },
            { value: 'No', label: 'No' },
            { value: 'Yes', label: 'Yes' },
          ]}
        />
        <FilterSelect
          label="Type"
          value={filters.type}
          onChange={(value) => setFilter('type', value)}
          options={[{ value: '', label: 'All types' }, ...(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))]}
        />
        <Box sx={{ flexGrow: 1 }} />
        {editedCount > 0 ? (
          <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
            {editedCount === 1 ? '1 edited row' : `${editedCount} edited rows`}
          </Typography>
        ) : null}
        <Button color="inherit" onClick={handleDiscard} disabled={editedCount === 0 || updateMutation.isPending}>
          Discard
        </Button>
        <Button variant="contained" onClick={handleSave} disabled={editedCount === 0} loading={updateMutation.isPending}>
          Save changes
        </Button>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New location
        </Button>
      </Box>
      {saveError ? (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }} onClose={() => setSaveError(null)}>
          {saveError.map(({ row, message }, index) => (
            <div key={index}>
              {row ? <strong>{row}: </strong> : null}
              <span>{message}</span>
            </div>
          ))}
        </Alert>
      ) : null}
      {locations.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Inventory locations" onKeyDown={handleKeyDown} ref={gridRef} tabIndex={-1}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 180 }}>Name</TableCell>
              <TableCell sx={{ width: 140 }}>Abbreviation</TableCell>
              <TableCell sx={{ width: 150 }}>Type</TableCell>
              <TableCell sx={{ minWidth: 180 }}>Comment</TableCell>
              <TableCell align="center" sx={{ width: 90 }}>
                Obsolete
              </TableCell>
              <TableCell align="center" sx={{ width: 110 }}>
                Not for stock
              </TableCell>
              <TableCell sx={{ width: 130 }}>Last stocktaking</TableCell>
              <TableCell align="right" sx={{ width: 56 }}>
                <Box
                  component="span"
                  sx={{ position: 'absolute', width: '1px', height: '1px', m: '-1px', overflow: 'hidden', whiteSpace: 'nowrap', clip: 'rect(0 0 0 0)' }}
                >
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {locations.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(locations.error)} /> : null}
            {!locations.isError &&
              data?.results.map((location) => {
                const edit = edits[location.id];
                const value = { ...location, ...edit };
                const refused = cellErrors[location.id] ?? {};
                const label = location.name;
                return (
                  <TableRow
                    key={location.id}
                    data-edited={edit ? 'true' : undefined}
                    sx={
                      edit
                        ? { bgcolor: (theme) => `${theme.palette.warning.main}14`, boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.warning.main}` }
                        : undefined
                    }
                  >
                    <TableCell>
                      <InputBase
                        value={value.name}
                        onChange={(event) => handleEdit(location, 'name', event.target.value)}
                        error={Boolean(refused.name)}
                        inputRef={cellRef(location.id, 'name')}
                        inputProps={{ 'aria-label': `Name of ${label}`, 'aria-invalid': refused.name ? true : undefined, title: refused.name }}
                        sx={cellInput}
                      />
                    </TableCell>
                    <TableCell>
                      <InputBase
                        value={value.abbreviation_slug}
                        onChange={(event) => handleEdit(location, 'abbreviation_slug', event.target.value)}
                        error={Boolean(refused.abbreviation_slug)}
                        inputRef={cellRef(location.id, 'abbreviation_slug')}
                        inputProps={{
                          'aria-label': `Abbreviation of ${label}`,
                          'aria-invalid': refused.abbreviation_slug ? true : undefined,
                          title: refused.abbreviation_slug,
                        }}
                        sx={{ ...cellInput, fontFamily: 'monospace' }}
                      />
                    </TableCell>
                    <TableCell>
                      <NativeSelect
                        value={value.type === null ? '' : String(value.type)}
                        onChange={(event) => handleEdit(location, 'type', event.target.value ? Number(event.target.value) : null)}
                        error={Boolean(refused.type)}
                        inputRef={cellRef(location.id, 'type')}
                        inputProps={{ 'aria-label': `Type of ${label}`, 'aria-invalid': refused.type ? true : undefined, title: refused.type }}
                        disableUnderline
                        sx={{ ...cellInput, px: 0.5 }}
                      >
                        <option value="">No type</option>
                        {/* The row's own type, in case the options are still loading. */}
                        {location.type !== null && !types.data?.some((type) => type.id === location.type) ? (
                          <option value={String(location.type)}>{location.type_name}</option>
                        ) : null}
                        {types.data?.map((type) => (
                          <option key={type.id} value={String(type.id)}>
                            {type.name}
                          </option>
                        ))}
                      </NativeSelect>
                    </TableCell>
                    <TableCell>
                      <InputBase
                        value={value.comment}
                        onChange={(event) => handleEdit(location, 'comment', event.target.value)}
                        error={Boolean(refused.comment)}
                        inputRef={cellRef(location.id, 'comment')}
                        inputProps={{ 'aria-label': `Comment of ${label}`, 'aria-invalid': refused.comment ? true : undefined, title: refused.comment }}
                        placeholder="—"
                        sx={cellInput}
                      />
                    </TableCell>
                    <TableCell align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={value.obsolete}
                        onChange={(event) => handleEdit(location, 'obsolete', event.target.checked)}
                        slotProps={{ input: { 'aria-label': `${label} is obsolete` } }}
                      />
                    </TableCell>
                    <TableCell align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={value.not_for_stock}
                        onChange={(event) => handleEdit(location, 'not_for_stock', event.target.checked)}
                        slotProps={{ input: { 'aria-label': `${label} is not for stock` } }}
                      />
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>{formatDate(location.stocktaking_perfomed_at) || '—'}</TableCell>
                    <TableCell align="right">
                      <Tooltip title="Delete">
                        <IconButton size="small" aria-label={`Delete ${label}`} onClick={() => setDeleting(location)} ref={deleteButtonRef(location.id)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            {!locations.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, LOCATIONS_PAGE_SIZE))} /> : null}
            {!locations.isError && data?.count === 0 ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filtered ? 'Try other filters.' : 'Locations are where stock is kept: shelves, bins, warehouses. Create one with New location.'}
              >
                {filtered ? 'No location matches these filters.' : 'No locations yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={LOCATIONS_PAGE_SIZE} onPageChange={setPage} />
      <CreateLocationDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete location?"
        message={`'${deleting?.name ?? ''}' is deleted. A location that holds stock or has transactions cannot be deleted: mark it obsolete instead.`}
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
