import { MESSAGES, type ProcurementImageUrlResponse } from '@kontor/contract';
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
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FixedPagePagination } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeleteImageUrl } from '../api/delete-image-url';
import { IMAGES_PAGE_SIZE, useImageUrls } from '../api/list-image-urls';
import { useProcurementProduct } from '../api/list-procurement-products';
import { AddImagesDialog } from '../components/add-images-dialog';
import { formatBytes, SOURCE_LABELS } from '../components/format';
import { ProcurementProductPicker, type PickedProduct } from '../components/procurement-product-picker';
import { useListFilters } from '@/lib/use-list-filters';

const FILTERS = ['product', 'search'] as const;
const COLUMNS = 7;
const THUMB = 48;
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  clip: 'rect(0 0 0 0)',
} as const;

const validId = (value: string) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : 0);

/** Procurement image URLs (spec §7): images added to supplier products by URL or by upload. */
export function ProcurementImagesScreen() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const productId = validId(filters.product);
  const images = useImageUrls({ product: productId ? String(productId) : '', search: filters.search, page });
  const product = useProcurementProduct(productId);
  const deleteMutation = useDeleteImageUrl();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ProcurementImageUrlResponse | null>(null);

  const data = images.data;
  const filtered = FILTERS.some((name) => filters[name] !== '');
  const chosenProduct: PickedProduct | null = productId && product.data ? product.data : null;

  const handleDelete = () => {
    if (!deleting) return;
    deleteMutation.mutate(deleting.id, {
      onSuccess: () => {
        showSnackbar(MESSAGES.removed);
        setDeleting(null);
      },
      onError: (error) => {
        showSnackbar(errorText(error), 'error');
        setDeleting(null);
      },
    });
  };

  return (
    <Card>
      <title>Supplier images · Kontor</title>
      <CardHeader
        title="Supplier images"
        subheader="Images added to supplier products by URL or by upload; they go to the catalog with the product."
        action={
          <Button variant="contained" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => setAdding(true)}>
            Add images
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <ProcurementProductPicker value={chosenProduct} onChange={(next) => setFilter('product', next ? String(next.id) : '')} />
        <SearchField label="Search URLs" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {images.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Supplier images">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: THUMB + 32 }}>
                <Box component="span" sx={visuallyHidden}>
                  Image
                </Box>
              </TableCell>
              <TableCell>URL</TableCell>
              <TableCell>Product</TableCell>
              <TableCell>Source</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell sx={{ width: 170 }}>Added</TableCell>
              <TableCell align="right" sx={{ width: 56 }}>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {/* Spec §8: a failed load is "Couldn't get images data". */}
            {images.isError ? <TableMessageRow colSpan={COLUMNS} error={`${MESSAGES.couldNotGetImages}: ${errorText(images.error)}`} /> : null}
            {!images.isError &&
              data?.results.map((image) => (
                <TableRow key={image.id} hover>
                  <TableCell>
                    <Box
                      component="img"
                      src={image.url}
                      alt={`Image ${image.id} of ${image.product_sku}`}
                      loading="lazy"
                      // A broken link leaves an empty tile rather than its alt text spilling over the row.
                      sx={{
                        width: THUMB,
                        height: THUMB,
                        objectFit: 'cover',
                        borderRadius: 1,
                        bgcolor: 'action.hover',
                        display: 'block',
                        overflow: 'hidden',
                        color: 'transparent',
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 360 }}>
                    <Link
                      href={image.url}
                      target="_blank"
                      rel="noreferrer"
                      title={image.url}
                      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {image.url}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', mr: 1 }}>
                      {image.product_sku}
                    </Typography>
                    {image.product_name}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={SOURCE_LABELS[image.source]} color={image.source === 'upload' ? 'primary' : 'default'} />
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatBytes(image.size)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDateTime(image.created_at)}</TableCell>
                  <TableCell align="right">
                    <Tooltip title="Delete">
                      <IconButton size="small" aria-label={`Delete image ${image.id}`} onClick={() => setDeleting(image)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            {!images.isError && data && data.results.length === 0 ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filtered ? 'Try other filters, or clear them.' : 'Add images to a supplier product by pasting their URLs or uploading files.'}
              >
                {filtered ? 'No images match these filters.' : 'No supplier images yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={IMAGES_PAGE_SIZE} onPageChange={setPage} />
      <AddImagesDialog open={adding} defaultProduct={chosenProduct} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete image?"
        message={deleting ? `${deleting.url} will be removed from ${deleting.product_sku}.` : ''}
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
