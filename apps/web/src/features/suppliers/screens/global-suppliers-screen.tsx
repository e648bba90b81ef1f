import { MESSAGES, type GlobalSupplierResponse } from '@kontor/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
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
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { FixedPagePagination } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { errorBodyText } from '@/lib/error-body-text';
import { useAdoptGlobalSupplier } from '../api/adopt-global-supplier';
import { useGlobalSupplier } from '../api/get-global-supplier';
import { GLOBAL_PRODUCTS_PAGE_SIZE, useGlobalSupplierProducts } from '../api/list-global-supplier-products';
import { GLOBAL_SUPPLIERS_PAGE_SIZE, useGlobalSuppliers } from '../api/list-global-suppliers';
import { useListFilters } from '@/lib/use-list-filters';

/** The directory list and the chosen supplier's products each keep their own search and page in the URL. */
const DIRECTORY_FILTERS = ['search'] as const;
const PRODUCT_FILTERS = ['supplier', 'productSearch'] as const;
const DIRECTORY_COLUMNS = 4;
const PRODUCT_COLUMNS = 6;

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  clip: 'rect(0 0 0 0)',
} as const;
const price = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** /global-suppliers-and-brands/products: browse the platform's supplier directory and take a supplier over as your own. */
export function GlobalSuppliersScreen() {
  const showSnackbar = useSnackbar();
  const directory = useListFilters(DIRECTORY_FILTERS, 'suppliersPage');
  const products = useListFilters(PRODUCT_FILTERS);
  const supplierId = Number(products.filters.supplier) > 0 ? Number(products.filters.supplier) : 0;
  const suppliers = useGlobalSuppliers({ search: directory.filters.search, page: directory.page });
  const productList = useGlobalSupplierProducts({ supplier: supplierId, search: products.filters.productSearch, page: products.page });
  const adoptMutation = useAdoptGlobalSupplier();

  const data = suppliers.data;
  const onPage = data?.results.find((supplier) => supplier.id === supplierId);
  const fetched = useGlobalSupplier(supplierId, Boolean(data) && !onPage);
  const chosen = onPage ?? (supplierId ? fetched.data : undefined);
  const productData = supplierId ? productList.data : undefined;

  const handleAdopt = (supplier: GlobalSupplierResponse) =>
    adoptMutation.mutate(supplier.id, {
      onSuccess: () => showSnackbar(MESSAGES.supplierAdded),
      // A 400 says why (a supplier of that name or abbreviation exists already).
      onError: (error) => showSnackbar(errorBodyText(error), 'error'),
    });

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Card>
          <title>Global suppliers · Kontor</title>
          <CardHeader title="Global suppliers" subheader="The platform's directory of suppliers and brands. Pick one to see what it offers." />
          <Box role="search" aria-label="Directory filters" sx={{ px: 2, pb: 2 }}>
            <SearchField label="Search suppliers and brands" value={directory.filters.search} onSearch={(value) => directory.setFilter('search', value)} />
          </Box>
          {suppliers.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
          <TableContainer>
            <Table size="small" aria-label="Supplier directory">
              <TableHead>
                <TableRow>
                  <TableCell>Name and country</TableCell>
                  <TableCell>Brands</TableCell>
                  <TableCell align="right">Products</TableCell>
                  <TableCell align="right" sx={{ width: 56 }}>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {suppliers.isError ? (
                  <TableMessageRow colSpan={DIRECTORY_COLUMNS} error={`${MESSAGES.couldNotGetSuppliers}: ${errorText(suppliers.error)}`} />
                ) : null}
                {!suppliers.isError &&
                  data?.results.map((supplier) => (
                    <TableRow
                      key={supplier.id}
                      hover
                      selected={supplier.id === supplierId}
                      aria-selected={supplier.id === supplierId}
                      onClick={() => products.setFilters({ supplier: String(supplier.id), productSearch: '' })}
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell>
                        {/* The row is clickable; this button makes the choice reachable by keyboard too. */}
                        <Link
                          component="button"
                          type="button"
                          underline="hover"
                          aria-label={`Show products of ${supplier.name}`}
                          sx={{ fontWeight: 500, textAlign: 'left' }}
                          onClick={(event) => {
                            event.stopPropagation();
                            products.setFilters({ supplier: String(supplier.id), productSearch: '' });
                          }}
                        >
                          {supplier.name}
                        </Link>
                        {/* Under the name rather than a column of its own: the directory shares the screen with the products. */}
                        <Typography variant="caption" component="div" color="text.secondary">
                          {supplier.country}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                          {supplier.brands.map((brand) => (
                            <Chip key={brand} label={brand} size="small" variant="outlined" />
                          ))}
                        </Box>
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {supplier.products_count}
                      </TableCell>
                      <TableCell align="right">
                        <Tooltip title="Add to my suppliers">
                          <span>
                            <IconButton
                              size="small"
                              aria-label={`Add ${supplier.name} to my suppliers`}
                              disabled={adoptMutation.isPending}
                              onClick={(event) => {
                                event.stopPropagation();
                                handleAdopt(supplier);
                              }}
                            >
                              <AddBusinessOutlinedIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                {!suppliers.isError && data && data.results.length === 0 ? (
                  <TableMessageRow colSpan={DIRECTORY_COLUMNS} hint={directory.filters.search ? 'Try another search.' : undefined}>
                    {directory.filters.search ? 'No directory supplier matches this search.' : 'The directory is empty.'}
                  </TableMessageRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
          <FixedPagePagination count={data?.count} page={directory.page} pageSize={GLOBAL_SUPPLIERS_PAGE_SIZE} onPageChange={directory.setPage} />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Card>
          <CardHeader
            title={chosen ? `Products of ${chosen.name}` : 'Products'}
            slotProps={{ title: { component: 'h2' } }}
            subheader={chosen ? chosen.description || chosen.website : supplierId ? null : 'Pick a supplier in the directory.'}
          />
          {supplierId ? (
            <>
              <Box role="search" aria-label="Product filters" sx={{ px: 2, pb: 2 }}>
                <SearchField label="Search products" value={products.filters.productSearch} onSearch={(value) => products.setFilter('productSearch', value)} />
              </Box>
              {productList.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
              <TableContainer>
                <Table size="small" aria-label="Directory products">
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 56 }}>Image</TableCell>
                      <TableCell>SKU</TableCell>
                      <TableCell>Name</TableCell>
                      <TableCell>Brand</TableCell>
                      <TableCell align="right">Price</TableCell>
                      <TableCell align="right">Link</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {productList.isError ? <TableMessageRow colSpan={PRODUCT_COLUMNS} error={errorText(productList.error)} /> : null}
                    {!productList.isError &&
                      productData?.results.map((product) => (
                        <TableRow key={product.id} hover>
                          <TableCell>
                            <Avatar
                              variant="rounded"
                              src={product.image_url || undefined}
                              alt={product.name}
                              sx={{ width: 40, height: 40, bgcolor: 'grey.100' }}
                            >
                              <ImageNotSupportedOutlinedIcon fontSize="small" color="disabled" />
                            </Avatar>
                          </TableCell>
                          <TableCell sx={{ fontFamily: 'monospace' }}>{product.sku}</TableCell>
                          <TableCell>{product.name}</TableCell>
                          <TableCell>{product.brand}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                            {product.price === null ? '' : `${price.format(product.price)} ${product.currency_code ?? ''}`.trim()}
                          </TableCell>
                          <TableCell align="right">
                            {product.url ? (
                              <IconButton
                                size="small"
                                component="a"
                                href={product.url}
                                target="_blank"
                                rel="noopener noreferrer"
                                aria-label={`Open ${product.sku} at the supplier`}
                              >
                                <OpenInNewIcon fontSize="small" />
                              </IconButton>
                            ) : null}
                          </TableCell>
                        </TableRow>
                      ))}
                    {!productList.isError && productData && productData.results.length === 0 ? (
                      <TableMessageRow colSpan={PRODUCT_COLUMNS} hint={products.filters.productSearch ? 'Try another search.' : undefined}>
                        {products.filters.productSearch ? 'No product matches this search.' : 'This supplier lists no products.'}
                      </TableMessageRow>
                    ) : null}
                  </TableBody>
                </Table>
              </TableContainer>
              <FixedPagePagination count={productData?.count} page={products.page} pageSize={GLOBAL_PRODUCTS_PAGE_SIZE} onPageChange={products.setPage} />
            </>
          ) : (
            <Box sx={{ px: 2, pb: 4 }}>
              <Typography variant="body2" color="text.secondary">
                Its products, with prices and links, show here.
              </Typography>
            </Box>
          )}
        </Card>
      </Grid>
    </Grid>
  );
}
