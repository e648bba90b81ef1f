import { NOT_PERFORMED } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SearchField } from '@/components/search-field';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { STOCKTAKING_DEFAULT_OBSOLETE, STOCKTAKING_PAGE_SIZE, useStocktaking } from '../api/get-stocktaking';
import { formatQuantity } from '../components/quantity';
import { countKey, StockCountCell } from '../components/stock-count-cell';
import { useListFilters } from '@/lib/use-list-filters';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { FilterSelect } from '@/components/filter-select';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { useState } from 'react';

const FILTERS = ['location', 'search', 'before', 'obsolete'] as const;
const COLUMNS = 6;

const withCount = (counts: Readonly<Record<string, string>>, key: string, count: string) => {
  const { [key]: _before, ...rest } = counts;
  return count === '' ? rest : { ...rest, [key]: count };
};

/** Spec §4/§9: page 0, limit 100, obsolete 'No' by default; filters by location, product and 'stocktaking done before'. */
export function StocktakingScreen() {
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const obsolete = filters.obsolete === 'Yes' ? 'Yes' : STOCKTAKING_DEFAULT_OBSOLETE;
  const stocktaking = useStocktaking({ ...filters, obsolete, page });

  const data = stocktaking.data;
  const rows = data?.result.products ?? [];
  const filtered = FILTERS.some((name) => filters[name] !== '');
  const pastEnd = isPastEnd(data, rows.length);
  // Counts typed and not saved yet, by row: a filter or another page hides their rows, never drops them.
  const [counts, setCounts] = useState<Readonly<Record<string, string>>>({});
  const setCount = (key: string, count: string) => setCounts((current) => withCount(current, key, count));
  // A count saved is no longer typed, unless another one was typed meanwhile.
  const forgetCount = (key: string, saved: string) => setCounts((current) => (current[key] === saved ? withCount(current, key, '') : current));
  useUnsavedChanges(Object.keys(counts).length > 0);

  return (
    <Card>
      <title>Stocktaking · Kontor</title>
      <CardHeader title="Stocktaking" subheader="Enter what you counted and press Enter: the level becomes the count and the row is marked counted." />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <FilterSelect
          label="Location"
          value={filters.location}
          onChange={(value) => setFilter('location', value)}
          minWidth={160}
          options={[
            { value: '', label: 'All locations' },
            ...(data?.result.inventory_locations ?? []).map((location) => ({
              value: String(location.id),
              label: `${location.abbreviation_slug} — ${location.name}`,
            })),
          ]}
        />
        <SearchField label="Product" placeholder="SKU or name" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        <TextField
          size="small"
          fullWidth={false}
          type="date"
          label="Stocktaking done before"
          value={filters.before}
          onChange={(event) => setFilter('before', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FilterSelect
          label="Obsolete locations"
          value={obsolete}
          onChange={(value) => setFilter('obsolete', value === STOCKTAKING_DEFAULT_OBSOLETE ? '' : value)}
          options={[
            { value: 'No', label: 'No' },
            { value: 'Yes', label: 'Yes' },
          ]}
        />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {stocktaking.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Stocktaking">
          <TableHead>
            <TableRow>
              <TableCell>SKU</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Location</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell>Last count</TableCell>
              <TableCell align="right" sx={{ width: 260 }}>
                Count
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {stocktaking.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(stocktaking.error)} /> : null}
            {!stocktaking.isError &&
              rows.map((row) => (
                <TableRow key={countKey(row)} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.sku}</TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{row.abbreviation_slug}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatQuantity(row.quantity)}
                  </TableCell>
                  <TableCell>
                    {row.performed_stocktaking ? (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.performed_stocktaking)}
                      </Typography>
                    ) : (
                      <Chip size="small" color="warning" variant="outlined" label={NOT_PERFORMED} />
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <StockCountCell
                      row={row}
                      count={counts[countKey(row)] ?? ''}
                      onCountChange={(count) => setCount(countKey(row), count)}
                      onSaved={(count) => forgetCount(countKey(row), count)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            {!stocktaking.isError && pastEnd ? (
              <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, STOCKTAKING_PAGE_SIZE))} />
            ) : null}
            {!stocktaking.isError && data?.count === 0 ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filtered ? 'Try other filters, or clear them.' : 'Rows appear for every product that has stock at a location.'}
              >
                {filtered ? 'Nothing to count with these filters.' : 'Nothing to count yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={STOCKTAKING_PAGE_SIZE} onPageChange={setPage} />
    </Card>
  );
}
