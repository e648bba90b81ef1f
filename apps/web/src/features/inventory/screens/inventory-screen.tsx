import type { ProductResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SearchField } from '@/components/search-field';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { useProductInventories } from '../api/get-product-inventories';
import { PRODUCTS_PAGE_SIZE, useProducts } from '../api/list-products';
import { AddTransactionDialog } from '../components/add-transaction-dialog';
import { MoveStockDialog } from '../components/move-stock-dialog';
import { formatQuantity } from '../components/quantity';
import { useListFilters } from '@/lib/use-list-filters';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';

const FILTERS = ['search', 'low_stock', 'product'] as const;
const COLUMNS = 6;

type Dialog = { kind: 'add' | 'move'; product: ProductResponse } | null;

/** Products with their stock per location: a page of products plus one inventories call for that page. */
export function InventoryScreen() {
  const { filters, page, setFilter, setFilters, setPage, resetFilters } = useListFilters(FILTERS);
  const lowStock = filters.low_stock === 'Yes';
  const productId = Number(filters.product) > 0 ? filters.product : '';
  const products = useProducts({ search: filters.search, lowStock, product: productId, page });
  const ids = products.data?.results.map((product) => product.id) ?? [];
  const inventories = useProductInventories(ids);
  const [dialog, setDialog] = useState<Dialog>(null);

  const data = products.data;
  const filtered = FILTERS.some((name) => filters[name] !== '');
  const pastEnd = isPastEnd(data, data?.results.length);
  const stockOf = (id: number) => inventories.data?.results.find((row) => row.product_id === id);

  return (
    <Card>
      <title>Inventory · Kontor</title>
      <CardHeader title="Inventory" subheader="Stock per location for each product. Add transactions or move stock from a row." />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <SearchField
          label="Search products"
          placeholder="SKU or name"
          value={filters.search}
          onSearch={(value) => setFilters({ search: value, product: '' })}
        />
        <FormControlLabel
          control={<Switch checked={lowStock} onChange={(event) => setFilter('low_stock', event.target.checked ? 'Yes' : '')} />}
          label="Low stock only"
        />
        {productId ? <Chip label="One product" onDelete={() => setFilter('product', '')} /> : null}
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {products.isFetching || inventories.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Inventory">
          <TableHead>
            <TableRow>
              <TableCell>SKU</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Stock per location</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell align="right">Restock level</TableCell>
              <TableCell align="right" sx={{ width: 130 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(products.error)} /> : null}
            {inventories.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(inventories.error)} /> : null}
            {!products.isError &&
              data?.results.map((product) => {
                const stock = stockOf(product.id);
                // A location the product has left shows no chip.
                const held = stock?.inventories.filter((entry) => entry.accumulated_quantity !== 0) ?? [];
                const low = product.qty_in_stock <= product.qty_restock_level && product.qty_restock_level > 0;
                return (
                  <TableRow key={product.id} hover>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{product.sku}</TableCell>
                    <TableCell>{product.name}</TableCell>
                    <TableCell>
                      {stock ? (
                        held.length ? (
                          <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }} aria-label={`Stock of ${product.sku}`}>
                            {held.map((entry) => (
                              <Chip
                                key={entry.location_id}
                                size="small"
                                variant="outlined"
                                label={`${entry.abbreviation_slug}: ${formatQuantity(entry.accumulated_quantity)}`}
                              />
                            ))}
                          </Stack>
                        ) : (
                          <Box component="span" sx={{ color: 'text.secondary' }}>
                            No stock
                          </Box>
                        )
                      ) : null}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: low ? 'warning.main' : undefined }}>
                      {stock ? formatQuantity(stock.total) : ''}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
                      {formatQuantity(product.qty_restock_level)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Add transaction">
                        <IconButton size="small" aria-label={`Add transaction for ${product.sku}`} onClick={() => setDialog({ kind: 'add', product })}>
                          <AddIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Move stock">
                        <IconButton size="small" aria-label={`Move stock of ${product.sku}`} onClick={() => setDialog({ kind: 'move', product })}>
                          <SwapHorizIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="View transactions">
                        <IconButton
                          size="small"
                          component={RouterLink}
                          to={`/catalog/inventorytransactions?product=${product.id}`}
                          aria-label={`View transactions of ${product.sku}`}
                        >
                          <ReceiptLongOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            {!products.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, PRODUCTS_PAGE_SIZE))} /> : null}
            {!products.isError && data?.count === 0 ? (
              <TableMessageRow colSpan={COLUMNS} hint={filtered ? 'Try other filters, or clear them.' : 'Products of your catalog show here with their stock.'}>
                {filtered ? 'No product matches these filters.' : 'No products yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={PRODUCTS_PAGE_SIZE} onPageChange={setPage} />
      {dialog ? (
        <>
          <AddTransactionDialog
            open={dialog.kind === 'add'}
            product={dialog.product}
            defaultLocationId={dialog.product.default_location_id}
            onClose={() => setDialog(null)}
          />
          <MoveStockDialog open={dialog.kind === 'move'} product={dialog.product} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </Card>
  );
}
