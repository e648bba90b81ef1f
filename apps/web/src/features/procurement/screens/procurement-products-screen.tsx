import { MESSAGES, PRODUCT_TYPES, WISHLIST_FILTERS, type ProcurementProductResponse } from '@kontor/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import BlockIcon from '@mui/icons-material/Block';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UndoIcon from '@mui/icons-material/Undo';
import { useState, type KeyboardEvent } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { ApiError, errorText, serverMessage } from '@/lib/api-client';
import { useAddToCatalog } from '../api/add-to-catalog';
import { PROCUREMENT_PRODUCTS_PAGE_SIZE, useProcurementProducts } from '../api/list-procurement-products';
import { useSupplierOptions } from '../api/list-supplier-options';
import { useSkipProcurementProducts, type SkipAction } from '../api/skip-procurement-products';
import { formatOriginalCost, formatSek } from '../components/price';
import { useListFilters } from '@/lib/use-list-filters';

const FILTERS = ['wishlist', 'mapped', 'from', 'to', 'supplier', 'search'] as const;
const COLUMNS = 8;

const TYPE_LABELS: Record<string, string> = Object.fromEntries(PRODUCT_TYPES.map((type) => [type.value, type.name]));
const oneOf = <T extends string>(value: string, allowed: readonly T[]): T | '' => ((allowed as readonly string[]).includes(value) ? (value as T) : '');

/** The selection belongs to the filters it was made under: other filters show other rows, so it starts empty there. */
type Selection = { filterKey: string; ids: number[] };

const plural = (n: number) => (n === 1 ? '1 product' : `${n} products`);

/** /procurements-and-suppliers/products: the suppliers' products in one grid; pick rows and add them to the catalog (spec §2). */
export function ProcurementProductsScreen() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const params = {
    ...filters,
    wishlist: oneOf(filters.wishlist, WISHLIST_FILTERS),
    mapped: oneOf(filters.mapped, ['Yes', 'No'] as const),
    supplier: Number(filters.supplier) > 0 ? filters.supplier : '',
    page,
  };
  const products = useProcurementProducts(params);
  const suppliers = useSupplierOptions();
  const addMutation = useAddToCatalog();
  const skipMutation = useSkipProcurementProducts();
  const filterKey = FILTERS.map((name) => params[name]).join('\u0000');
  const [selection, setSelection] = useState<Selection>({ filterKey, ids: [] });

  const data = products.data;
  const rows = data?.results ?? [];
  const selected = selection.filterKey === filterKey ? selection.ids : [];
  const selectedOnPage = rows.filter((row) => selected.includes(row.id));
  const filtered = FILTERS.some((name) => params[name] !== '');
  // An empty page of a list that has rows: the page is past the end (its last rows were skipped or added under a filter that now leaves them out).
  const pastEnd = isPastEnd(data, rows.length);
  const busy = addMutation.isPending || skipMutation.isPending;

  const select = (ids: number[]) => setSelection({ filterKey, ids });
  const toggle = (id: number) => select(selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id]);
  const handleSelectPage = (checked: boolean) => {
    const pageIds = rows.map((row) => row.id);
    select(checked ? [...new Set([...selected, ...pageIds])] : selected.filter((id) => !pageIds.includes(id)));
  };

  const handleAddToCatalog = () => {
    if (!selected.length) return;
    addMutation.mutate(
      { ids: selected },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.productsAdded);
          select([]);
        },
        // 409: one of them is already in the catalog (or its SKU is taken), and nothing was added;
        // a 400 names the product that cannot be added (its SKU too long for the catalog), in words.
        onError: (error) => showSnackbar(error instanceof ApiError && error.status === 409 ? MESSAGES.couldNotAddProducts : serverMessage(error), 'error'),
      },
    );
  };

  const handleSkip = (action: SkipAction) => {
    if (!selected.length) return;
    skipMutation.mutate(
      { action, ids: selected },
      {
        onSuccess: ({ updated }) => {
          showSnackbar(action === 'skip' ? `${plural(updated)} skipped` : `${plural(updated)} back on the wishlist`);
          select([]);
        },
        onError: (error) => showSnackbar(serverMessage(error), 'error'),
      },
    );
  };

  // A focused row toggles its selection with Space, like its checkbox does.
  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, id: number) => {
    if (event.key === ' ' && event.target === event.currentTarget) {
      event.preventDefault();
      toggle(id);
    }
  };

  return (
    <Card>
      <title>Supplier products · Kontor</title>
      <CardHeader
        title="Supplier products"
        subheader="Everything your suppliers offer, from their feeds. Select products to add them to your catalog, or skip the ones you do not want."
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <SearchField label="Search products" placeholder="SKU, name, brand or EAN" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        <FilterSelect
          label="Supplier"
          value={params.supplier}
          onChange={(value) => setFilter('supplier', value)}
          minWidth={170}
          options={[{ value: '', label: 'All suppliers' }, ...(suppliers.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))]}
        />
        <FilterSelect
          label="Wishlist"
          value={params.wishlist}
          onChange={(value) => setFilter('wishlist', value)}
          options={[{ value: '', label: 'All' }, ...WISHLIST_FILTERS.map((value) => ({ value, label: value }))]}
        />
        <FilterSelect
          label="Mapped to catalog"
          value={params.mapped}
          onChange={(value) => setFilter('mapped', value)}
          options={[
            { value: '', label: 'All' },
            { value: 'Yes', label: 'Yes' },
            { value: 'No', label: 'No' },
          ]}
        />
        <TextField
          size="small"
          fullWidth={false}
          type="date"
          label="Created from"
          value={filters.from}
          onChange={(event) => setFilter('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
        />
        <TextField
          size="small"
          fullWidth={false}
          type="date"
          label="Created to"
          value={filters.to}
          onChange={(event) => setFilter('to', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
        />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      <Box
        role="toolbar"
        aria-label="Selected products"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1, alignItems: 'center', bgcolor: selected.length ? 'action.selected' : 'transparent' }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} aria-live="polite">
          {selected.length ? `${selected.length} selected` : 'Select products to act on them'}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddShoppingCartIcon />}
          disabled={!selected.length || busy}
          loading={addMutation.isPending}
          onClick={handleAddToCatalog}
        >
          Add to catalog
        </Button>
        <Button startIcon={<BlockIcon />} disabled={!selected.length || busy} onClick={() => handleSkip('skip')}>
          Skip
        </Button>
        <Button startIcon={<UndoIcon />} disabled={!selected.length || busy} onClick={() => handleSkip('unskip')}>
          Unskip
        </Button>
        {selected.length ? (
          <Button color="inherit" disabled={busy} onClick={() => select([])}>
            Clear selection
          </Button>
        ) : null}
      </Box>
      {products.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Supplier products">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" sx={{ width: 96 }}>
                <Checkbox
                  size="small"
                  checked={rows.length > 0 && selectedOnPage.length === rows.length}
                  indeterminate={selectedOnPage.length > 0 && selectedOnPage.length < rows.length}
                  disabled={rows.length === 0}
                  onChange={(event) => handleSelectPage(event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Select all products on this page' } }}
                />
              </TableCell>
              <TableCell>SKU</TableCell>
              <TableCell sx={{ minWidth: 220 }}>Product name</TableCell>
              <TableCell>Stock status</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="center">Link</TableCell>
              <TableCell>Product type</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(products.error)} /> : null}
            {!products.isError &&
              rows.map((product) => (
                <ProductRow
                  key={product.id}
                  product={product}
                  selected={selected.includes(product.id)}
                  onToggle={() => toggle(product.id)}
                  onKeyDown={(event) => handleRowKeyDown(event, product.id)}
                />
              ))}
            {!products.isError && pastEnd ? (
              <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, PROCUREMENT_PRODUCTS_PAGE_SIZE))} />
            ) : null}
            {!products.isError && data && rows.length === 0 && !pastEnd ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filtered ? 'Try other filters, or clear them.' : "Add a supplier and run its feed: the supplier's products show here."}
              >
                {filtered ? 'No product matches these filters.' : 'No supplier products yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination
        count={data?.count}
        estimate={data?.count_is_estimate}
        page={page}
        pageSize={PROCUREMENT_PRODUCTS_PAGE_SIZE}
        onPageChange={setPage}
      />
    </Card>
  );
}

type ProductRowProps = {
  product: ProcurementProductResponse;
  selected: boolean;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => void;
};

function ProductRow({ product, selected, onToggle, onKeyDown }: ProductRowProps) {
  const removed = product.status === 'removed';
  const link = product.urls[0];
  const original = formatOriginalCost(product.cost, product.cost_currency);
  return (
    <TableRow
      hover
      selected={selected}
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={`${product.sku} ${product.name}`}
      data-removed={removed ? 'true' : undefined}
      sx={{
        ...(removed ? { '& > td': { color: 'text.disabled' }, '& img': { opacity: 0.5, filter: 'grayscale(1)' } } : null),
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <TableCell padding="checkbox">
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Checkbox size="small" checked={selected} onChange={onToggle} tabIndex={-1} slotProps={{ input: { 'aria-label': `Select ${product.sku}` } }} />
          <Avatar
            variant="rounded"
            src={product.image ?? undefined}
            alt=""
            sx={{ width: 40, height: 40, bgcolor: 'action.hover', color: 'text.disabled' }}
            slotProps={{ img: { loading: 'lazy' } }}
          >
            <ImageNotSupportedOutlinedIcon fontSize="small" aria-label="No image" />
          </Avatar>
        </Stack>
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{product.sku}</TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 500, color: 'inherit' }}>
          {product.name}
        </Typography>
        <Typography variant="caption" sx={{ color: removed ? 'inherit' : 'text.secondary' }}>
          {product.supplier_name}
          {product.brand ? ` · ${product.brand}` : ''}
        </Typography>
      </TableCell>
      <TableCell>
        {removed ? <Chip size="small" label="Removed" sx={{ mr: 1 }} /> : null}
        {product.stock_details || (removed ? null : '—')}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <Box sx={{ fontWeight: 600 }}>{formatSek(product.cost_sek) || '—'}</Box>
        {original ? (
          <Typography variant="caption" sx={{ color: removed ? 'inherit' : 'text.secondary' }}>
            {original}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell align="center">
        {link ? (
          <Tooltip title="Open at the supplier">
            <IconButton size="small" component="a" href={link} target="_blank" rel="noopener noreferrer" aria-label={`Open ${product.sku} at the supplier`}>
              <OpenInNewIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{TYPE_LABELS[product.product_type] ?? product.product_type}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <span>{removed ? 'Removed' : 'Active'}</span>
          {product.catalog_product !== null ? <Chip size="small" color="success" variant="outlined" label="In catalog" /> : null}
          {product.skipped ? <Chip size="small" variant="outlined" label="Skipped" /> : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
