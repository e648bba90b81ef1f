import { MESSAGES, type ProcurementCategoryResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterSelect } from '@/components/filter-select';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { useDeleteProcurementCategory } from '../api/delete-procurement-category';
import { useCatalogCategoriesByIds } from '../api/list-catalog-categories';
import { CATEGORIES_PAGE_SIZE, useProcurementCategories } from '../api/list-procurement-categories';
import { useSupplierOptions } from '../api/list-supplier-options';
import { CATEGORIES_PATH, parentPathOf, type CategoryFormLocationState } from '../components/category-paths';
import { useListFilters } from '@/lib/use-list-filters';

const FILTERS = ['supplier', 'search'] as const;
const COLUMNS = 5;
/** Deeper levels stop indenting so a deep tree does not push the name off screen. */
const MAX_INDENT = 6;

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  clip: 'rect(0 0 0 0)',
} as const;

/** /procurements-and-suppliers/categories: the suppliers' category trees and where their products land in the catalog. */
export function ProcurementCategoriesScreen() {
  const showSnackbar = useSnackbar();
  const location = useLocation();
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const supplier = Number(filters.supplier) > 0 ? filters.supplier : '';
  const categories = useProcurementCategories({ supplier, search: filters.search, page });
  const suppliers = useSupplierOptions();
  const deleteMutation = useDeleteProcurementCategory();
  const [deleting, setDeleting] = useState<ProcurementCategoryResponse | null>(null);

  const data = categories.data;
  const rows = data?.results;
  const mappedIds = useMemo(() => [...new Set((rows ?? []).flatMap((row) => row.catalog_categories_auto_create))], [rows]);
  const catalogCategories = useCatalogCategoriesByIds(mappedIds);
  const filtered = FILTERS.some((name) => filters[name] !== '');
  // An empty page of a list that has rows: the page is past the end (its last rows were deleted).
  const pastEnd = isPastEnd(data, data?.results.length);
  const formState: CategoryFormLocationState = { listSearch: location.search };

  const handleDelete = () => {
    if (!deleting) return;
    deleteMutation.mutate(deleting.id, {
      onSuccess: () => showSnackbar(MESSAGES.categoryDeleted),
      // Spec §8: a failed category delete shows the error message.
      onError: (error) => showSnackbar(errorText(error), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card>
      <title>Supplier categories · Kontor</title>
      <CardHeader
        title="Supplier categories"
        subheader="Categories come from your suppliers' feeds. Map one to catalog categories and its products land there when added to the catalog."
        action={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${CATEGORIES_PATH}/add`} state={formState}>
            Add category
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <FilterSelect
          label="Supplier"
          value={supplier}
          onChange={(value) => setFilter('supplier', value)}
          minWidth={180}
          options={[{ value: '', label: 'All suppliers' }, ...(suppliers.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))]}
        />
        <SearchField label="Search categories" placeholder="Name or path" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {categories.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label="Supplier categories">
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 260 }}>Name</TableCell>
              <TableCell sx={{ minWidth: 140 }}>Supplier</TableCell>
              <TableCell align="right" sx={{ width: 100 }}>
                Products
              </TableCell>
              <TableCell sx={{ minWidth: 220 }}>Catalog categories</TableCell>
              <TableCell align="right" sx={{ width: 100 }}>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {categories.isError ? <TableMessageRow colSpan={COLUMNS} error={errorText(categories.error)} /> : null}
            {!categories.isError &&
              rows?.map((category) => {
                const parentPath = parentPathOf(category.path);
                return (
                  <TableRow key={category.id} hover>
                    <TableCell>
                      <Box
                        sx={{
                          pl: Math.min(category.depth, MAX_INDENT) * 2.5,
                          borderLeft: category.depth ? 2 : 0,
                          borderColor: 'divider',
                          ml: category.depth ? 0.5 : 0,
                        }}
                      >
                        <Typography variant="body2" sx={{ fontWeight: 600, pl: category.depth ? 1 : 0 }}>
                          {category.name}
                        </Typography>
                        {parentPath ? (
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', pl: 1 }} aria-label={`Path of ${category.name}`}>
                            {parentPath}
                          </Typography>
                        ) : null}
                      </Box>
                    </TableCell>
                    <TableCell>{category.supplier_name}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {category.products}
                    </TableCell>
                    <TableCell>
                      {category.catalog_categories_auto_create.length ? (
                        <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }} aria-label={`Catalog categories of ${category.name}`}>
                          {category.catalog_categories_auto_create.map((id) => (
                            <Chip
                              key={id}
                              size="small"
                              variant="outlined"
                              color="primary"
                              label={catalogCategories.data?.get(id)?.title ?? (catalogCategories.isFetching ? '…' : `#${id}`)}
                            />
                          ))}
                        </Stack>
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          Not mapped
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Edit">
                        <IconButton
                          size="small"
                          component={RouterLink}
                          to={`${CATEGORIES_PATH}/edit?id=${category.id}`}
                          state={formState}
                          aria-label={`Edit ${category.name}`}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton size="small" aria-label={`Delete ${category.name}`} onClick={() => setDeleting(category)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            {!categories.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, CATEGORIES_PAGE_SIZE))} /> : null}
            {!categories.isError && data && data.results.length === 0 && !pastEnd ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={
                  filtered ? 'Try other filters, or clear them.' : 'Running a supplier feed builds its categories from the rows. You can also add one by hand.'
                }
              >
                {filtered ? 'No category matches these filters.' : 'No supplier categories yet.'}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={CATEGORIES_PAGE_SIZE} onPageChange={setPage} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete category?"
        message={`'${deleting?.path ?? ''}' is deleted together with the categories under it. Its products stay, without a category.`}
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
