import {
  DEFAULT_DESCRIPTION_LANGUAGE,
  LANGUAGES,
  MESSAGES,
  PAGE_SIZE,
  type Language,
  type LocationResponse,
  type ProductDescriptionResponse,
  type ProductPatch,
  type ProductResponse,
} from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PublishIcon from '@mui/icons-material/Publish';
import TuneIcon from '@mui/icons-material/Tune';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { displayedRows, lastPageOf } from '@/components/fixed-page-pagination';
import { FilterSelect } from '@/components/filter-select';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd } from '@/components/table-message-row';
import { errorText, serverMessage } from '@/lib/api-client';
import { useListFilters } from '@/lib/use-list-filters';
import { deleteProducts, invalidateAfterDelete, useDeleteProducts } from '../api/delete-products';
import { useProcurementData } from '../api/get-procurement-data';
import { useProductInventories } from '../api/get-product-inventories';
import { useLocationOptions } from '../api/list-location-options';
import { useProductDescriptions } from '../api/list-product-descriptions';
import { useProductTypes } from '../api/list-product-types';
import { fetchMatchingProductIds, useProducts } from '../api/list-products';
import { useSupplierOptions } from '../api/list-supplier-options';
import { DEFAULT_ORDERING, PAGE_SIZES, productListParamsOf } from '../api/product-list-params';
import { catalogKeys, PRODUCT_FILTERS } from '../api/query-keys';
import { useSaveProductDescription } from '../api/save-product-description';
import { updateProducts, useUpdateProducts } from '../api/update-products';
import { BULK_CHUNK, BulkRunError, runInChunks, type BulkProgress } from '../components/bulk-run';
import { DataGrid } from '../components/data-grid';
import { ProductFiltersBar } from '../components/product-filters';
import { PublishDialog } from '../components/publish-dialog';
import {
  CATALOG_VIEWS,
  ColumnContextValue,
  ESTIMATED_ROW_HEIGHT,
  VIEW_LABELS,
  productColumns,
  type CatalogView,
  type ColumnContext,
  type DescriptionPatch,
  type StockActions,
} from '../components/product-columns';
import { SetFieldDialog } from '../components/set-field-dialog';

const URL_FILTERS = [...PRODUCT_FILTERS, 'limit', 'ordering'] as const;
const NO_LOCATIONS: LocationResponse[] = [];
const NO_IDS: number[] = [];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

function bulkFailureText(error: unknown, total: number): string {
  if (!(error instanceof BulkRunError)) return serverMessage(error);
  const text = serverMessage(error.cause);
  return error.done > 0 ? `${text} (${error.done} of ${total} products were done before this.)` : text;
}

/**
 * The selection belongs to the filters it was made under: other filters show other rows, so it starts empty there.
 * "All matching" may leave out the products unticked after it (`excluded`), on any page.
 */
type Selection = { filterKey: string; ids: number[]; allMatching: boolean; excluded: number[] };

const plural = (n: number) => (n === 1 ? '1 product' : `${n.toLocaleString()} products`);

/** Whether a product is selected: a function that changes only with the selection, since the cells' context holds it. */
function useIsSelected(ids: number[], allMatching: boolean, excluded: number[]) {
  return useMemo(() => {
    const selected = new Set(ids);
    const left = new Set(excluded);
    return (id: number) => (allMatching ? !left.has(id) : selected.has(id));
  }, [ids, allMatching, excluded]);
}

export type CatalogProductsScreenProps = {
  /** The stocks view's Edit / Add transaction / Move actions; the app wires them to the inventory dialogs. */
  stockActions?: StockActions;
};

/** /catalog/products: the catalog in one virtualized grid with four views (spec §2), URL filters, inline edits and bulk actions. */
export function CatalogProductsScreen({ stockActions }: CatalogProductsScreenProps) {
  const showSnackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { setFilters, setFilter, setPage } = useListFilters(URL_FILTERS);
  const listParams = productListParamsOf(searchParams);
  const { filters, page, limit, ordering } = listParams;
  const view: CatalogView = oneOf(searchParams.get('view'), CATALOG_VIEWS) ?? 'default';
  const language: Language = oneOf(searchParams.get('language'), LANGUAGES) ?? DEFAULT_DESCRIPTION_LANGUAGE;
  const machineOnly = searchParams.get('machine_translation') === 'true';
  const originalOnly = searchParams.get('original_content') === 'true';

  const products = useProducts(listParams);
  // The first page of rows renders in the background (a transition React may interrupt): the
  // screen's first paint does not wait for it, and it does not hold the page in one long task
  // (DESIGN §9). Later pages and saved cells show at once, never a stale row meanwhile.
  const rowsReady = useDeferredValue(products.data !== undefined, false);
  const data = rowsReady ? products.data : undefined;
  const rows = data?.results ?? [];
  const rowsLoading = products.isPlaceholderData;
  const ids = rows.map((row) => row.id);
  const inventories = useProductInventories(ids, view === 'stocks');
  const procurement = useProcurementData(ids, view === 'prices');
  const descriptions = useProductDescriptions({ productIds: ids, language }, view === 'bulk');
  const [dialog, setDialog] = useState<'delete' | 'set-field' | 'publish' | null>(null);
  const locations = useLocationOptions(view === 'stocks' || dialog === 'set-field');
  const productTypes = useProductTypes();
  const suppliers = useSupplierOptions();
  const updateMutation = useUpdateProducts();
  const deleteMutation = useDeleteProducts();
  const descriptionMutation = useSaveProductDescription();

  const filterKey = JSON.stringify(filters);
  const [selection, setSelection] = useState<Selection>({ filterKey, ids: [], allMatching: false, excluded: [] });
  const current: Selection = selection.filterKey === filterKey ? selection : { filterKey, ids: NO_IDS, allMatching: false, excluded: NO_IDS };
  const { ids: currentIds, allMatching, excluded } = current;
  const isSelected = useIsSelected(currentIds, allMatching, excluded);
  const selectedOnPage = rows.filter((row) => isSelected(row.id)).length;
  const total = data?.count ?? 0;
  /** A long list's count is the server's estimate (DESIGN §3): said as "about N products". */
  const matching = data?.count_is_estimate ? `about ${plural(total)}` : plural(total);
  const selectedCount = current.allMatching ? Math.max(0, total - excluded.length) : current.ids.length;
  /** "All matching" over an estimated count: the questions before acting on them say "about" too. */
  const selectedEstimate = current.allMatching && Boolean(data?.count_is_estimate);
  /** What the publish dialog offers as "Selected products": the selection as it stood when the dialog opened. */
  const [publishIds, setPublishIds] = useState<number[]>([]);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const busy = progress !== null;

  // View-level choices change what is shown, not which products: they keep the page.
  const setViewParam = (name: string, value: string) =>
    setSearchParams(
      (params) => {
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      },
      { replace: true },
    );

  const select = (next: number[]) => setSelection({ filterKey, ids: next, allMatching: false, excluded: [] });
  /** Under "all matching", unticking a product leaves out just that one, not the rest of the matching products. */
  const setExcluded = (next: number[]) => setSelection({ filterKey, ids: [], allMatching: true, excluded: next });
  const handleToggle = (id: number) => {
    if (current.allMatching) setExcluded(isSelected(id) ? [...excluded, id] : excluded.filter((other) => other !== id));
    else select(isSelected(id) ? current.ids.filter((other) => other !== id) : [...current.ids, id]);
  };
  const handleTogglePage = (checked: boolean) => {
    if (current.allMatching) return checked ? setExcluded(excluded.filter((id) => !ids.includes(id))) : select([]);
    select(checked ? [...new Set([...current.ids, ...ids])] : current.ids.filter((id) => !ids.includes(id)));
  };

  const handleSaveProduct = (product: ProductResponse, patch: Omit<ProductPatch, 'id'>, message: string = MESSAGES.productUpdated) =>
    updateMutation.mutateAsync({ products: [{ id: product.id, ...patch }] }).then(
      () => showSnackbar(message),
      (error: unknown) => {
        const text = serverMessage(error);
        showSnackbar(text, 'error');
        throw new Error(text);
      },
    );

  /** A description being created (POST) per product and language: a second field saved meanwhile goes into it, not into a second POST (400). */
  const creating = useRef(new Map<string, Promise<ProductDescriptionResponse>>());
  const saveDescription = (product: ProductResponse, description: ProductDescriptionResponse | undefined, patch: Partial<DescriptionPatch>) => {
    if (description) return descriptionMutation.mutateAsync({ id: description.id, body: patch });
    const key = `${product.id}|${language}`;
    const create = () => descriptionMutation.mutateAsync({ id: null, body: { product: product.id, language, ...patch } });
    const pendingCreate = creating.current.get(key);
    const save = pendingCreate ? pendingCreate.then((created) => descriptionMutation.mutateAsync({ id: created.id, body: patch }), create) : create();
    creating.current.set(key, save);
    const forget = () => {
      if (creating.current.get(key) === save) creating.current.delete(key);
    };
    save.then(forget, forget);
    return save;
  };

  const handleSaveDescription = (product: ProductResponse, description: ProductDescriptionResponse | undefined, patch: Partial<DescriptionPatch>) =>
    saveDescription(product, description, patch).then(
      () => showSnackbar(MESSAGES.productUpdated),
      (error: unknown) => {
        const text = serverMessage(error);
        showSnackbar(text, 'error');
        throw new Error(text);
      },
    );

  /** The explicit selection, or every product matching the filters read page by page. */
  const resolveSelection = async () => {
    if (!current.allMatching) return current.ids;
    setProgress({ label: 'Collecting the matching products', done: 0, total });
    const matchingIds = await fetchMatchingProductIds(filters, BULK_CHUNK, (done, count) =>
      setProgress({ label: 'Collecting the matching products', done, total: count }),
    );
    const left = new Set(excluded);
    return matchingIds.filter((id) => !left.has(id));
  };

  const runBulk = async (label: string, action: (chunk: number[]) => Promise<unknown>, message: string, refresh: () => Promise<unknown>) => {
    let count = selectedCount;
    try {
      const targets = await resolveSelection();
      count = targets.length;
      setProgress({ label, done: 0, total: count });
      await runInChunks(targets, action, (done) => setProgress({ label, done, total: count }));
      showSnackbar(message);
      select([]);
      setDialog(null);
    } catch (error) {
      showSnackbar(bulkFailureText(error, count), 'error');
    } finally {
      setProgress(null);
      await refresh();
    }
  };

  const handleDelete = () => {
    // One page of explicitly chosen products goes through the mutation (it also forgets their cached detail).
    if (!current.allMatching && current.ids.length <= BULK_CHUNK) {
      deleteMutation.mutate(
        { products: current.ids },
        {
          onSuccess: () => {
            showSnackbar(MESSAGES.removed);
            select([]);
            setDialog(null);
          },
          // 409: one of them has stock or history, and nothing was deleted.
          onError: (error) => showSnackbar(serverMessage(error), 'error'),
        },
      );
      return;
    }
    void runBulk(
      'Deleting',
      (chunk) => deleteProducts({ products: chunk }),
      MESSAGES.removed,
      () => invalidateAfterDelete(queryClient),
    );
  };

  const handleOpenPublish = async () => {
    // "All matching the filter" without a filter is the whole catalog: no ids to collect.
    const unfiltered = PRODUCT_FILTERS.every((name) => filters[name] === '');
    try {
      setPublishIds(current.allMatching ? (unfiltered && excluded.length === 0 ? [] : await resolveSelection()) : current.ids);
      setDialog('publish');
    } catch (error) {
      showSnackbar(serverMessage(error), 'error');
    } finally {
      setProgress(null);
    }
  };

  const handleSetField = (patch: Omit<ProductPatch, 'id'>, message: string) =>
    void runBulk(
      'Updating',
      (chunk) => updateProducts({ products: chunk.map((id) => ({ id, ...patch })) }),
      message,
      () => queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
    );

  // The cells read the context; one that changed on every render (a list arriving, a key press)
  // would re-render every cell of the page. So it changes only with what the cells show, and
  // the handlers reach them through a ref that always holds this render's.
  const handlers = useRef({ handleToggle, handleTogglePage, handleSaveProduct, handleSaveDescription });
  useLayoutEffect(() => {
    handlers.current = { handleToggle, handleTogglePage, handleSaveProduct, handleSaveDescription };
  });
  const pageSelection = rows.length === 0 ? 'empty' : selectedOnPage === rows.length ? 'all' : selectedOnPage > 0 ? 'some' : 'none';
  const descriptionsByProduct = useMemo(
    () => (descriptions.data ? new Map(descriptions.data.map((description) => [description.product, description])) : undefined),
    [descriptions.data],
  );
  const ctx = useMemo<ColumnContext>(
    () => ({
      selection: {
        isSelected,
        onToggle: (id) => handlers.current.handleToggle(id),
        page: pageSelection,
        onTogglePage: (checked) => handlers.current.handleTogglePage(checked),
        // The last filter's rows shown while the new filter's load: ticked, they would be selected under the new filter.
        disabled: rowsLoading,
      },
      inventories: inventories.data,
      procurement: procurement.data,
      locations: locations.data ?? NO_LOCATIONS,
      descriptions: descriptionsByProduct,
      // Bulk view toggles, read as narrowing: "Machine translation" shows only machine-translated descriptions
      // (machine_translation = true), "Original content" only those written in the language (machine_translation = false,
      // i.e. not a machine's translation); both or neither show every description. A hidden description is not edited blind.
      showDescription: (description) =>
        machineOnly === originalOnly ? true : machineOnly ? description.machine_translation : !description.machine_translation,
      stockActions,
      onSaveProduct: (product, patch, message) => handlers.current.handleSaveProduct(product, patch, message),
      onSaveDescription: (product, description, patch) => handlers.current.handleSaveDescription(product, description, patch),
    }),
    [
      isSelected,
      pageSelection,
      rowsLoading,
      inventories.data,
      procurement.data,
      locations.data,
      descriptionsByProduct,
      machineOnly,
      originalOnly,
      stockActions,
    ],
  );
  const columns = useMemo(() => productColumns(view), [view]);
  const filtered = PRODUCT_FILTERS.some((name) => filters[name] !== '');
  const shownPage = Math.min(page, lastPageOf(total, limit));

  let message = null;
  if (products.isError)
    message = (
      <Alert severity="error" sx={{ textAlign: 'left' }}>
        {errorText(products.error)}
      </Alert>
    );
  else if (!data)
    message = (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1 }}>
        <CircularProgress size={18} /> Loading products…
      </Box>
    );
  else if (isPastEnd(data, rows.length))
    // Its last products were deleted or left the filter, or an old bookmark: "no products" would be wrong.
    message = (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
          Nothing on this page any more.
        </Typography>
        <Button size="small" onClick={() => setPage(lastPageOf(total, limit))}>
          Go to the last page
        </Button>
      </>
    );
  else if (rows.length === 0)
    message = filtered ? (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
          No product matches these filters.
        </Typography>
        <Typography variant="body2">Try other filters, or reset them.</Typography>
      </>
    ) : (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
          No products in your catalog yet.
        </Typography>
        <Typography variant="body2">
          Add them from your{' '}
          <Link component={RouterLink} to="/procurements-and-suppliers/products">
            supplier products
          </Link>
          .
        </Typography>
      </>
    );

  return (
    <Card>
      <title>Products · Kontor</title>
      <CardHeader
        title="Products"
        subheader="Your catalog. Click a value (or press Enter) to edit it in place; the views show stock, prices and descriptions."
        action={
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mr: 1 }} aria-live="polite">
            {data ? matching : ''}
          </Typography>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, px: 2, pb: 2, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          aria-label="View"
          value={view}
          onChange={(_event, next: CatalogView | null) => {
            if (next) setViewParam('view', next === 'default' ? '' : next);
          }}
        >
          {CATALOG_VIEWS.map((option) => (
            <ToggleButton key={option} value={option} sx={{ px: 2 }}>
              {VIEW_LABELS[option]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {view === 'bulk' ? (
          <Box role="group" aria-label="Descriptions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <FilterSelect
              label="Language"
              value={language}
              minWidth={100}
              onChange={(value) => setViewParam('language', value === DEFAULT_DESCRIPTION_LANGUAGE ? '' : value)}
              options={LANGUAGES.map((code) => ({ value: code, label: code }))}
            />
            <FormControlLabel
              control={
                <Checkbox size="small" checked={machineOnly} onChange={(event) => setViewParam('machine_translation', event.target.checked ? 'true' : '')} />
              }
              label="Machine translation"
            />
            <FormControlLabel
              control={
                <Checkbox size="small" checked={originalOnly} onChange={(event) => setViewParam('original_content', event.target.checked ? 'true' : '')} />
              }
              label="Original content"
            />
          </Box>
        ) : null}
      </Box>
      <ProductFiltersBar
        filters={filters}
        productTypes={productTypes.data ?? []}
        suppliers={suppliers.data ?? []}
        onChange={setFilter}
        onReset={() => setFilters(Object.fromEntries(PRODUCT_FILTERS.map((name) => [name, ''])))}
      />
      <Box
        role="toolbar"
        aria-label="Selected products"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1, alignItems: 'center', bgcolor: selectedCount ? 'action.selected' : 'transparent' }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} aria-live="polite">
          {current.allMatching && excluded.length === 0
            ? `All ${matching} matching the filter are selected`
            : current.allMatching
              ? `All ${matching} matching the filter except ${excluded.length.toLocaleString()} are selected`
              : selectedCount
                ? `${selectedCount} selected`
                : 'Select products to act on them'}
        </Typography>
        {!current.allMatching && rows.length > 0 && selectedOnPage === rows.length && total > rows.length ? (
          <Link component="button" type="button" variant="body2" onClick={() => setExcluded([])}>
            Select all {matching} matching the filter
          </Link>
        ) : null}
        <Button startIcon={<TuneIcon />} disabled={!selectedCount || busy} onClick={() => setDialog('set-field')}>
          Set field
        </Button>
        <Button color="error" startIcon={<DeleteOutlineIcon />} disabled={!selectedCount || busy} onClick={() => setDialog('delete')}>
          Delete
        </Button>
        <Button startIcon={<PublishIcon />} disabled={busy} onClick={() => void handleOpenPublish()}>
          Publish
        </Button>
        {selectedCount ? (
          <Button color="inherit" disabled={busy} onClick={() => select([])}>
            Clear selection
          </Button>
        ) : null}
        {progress ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 240px' }}>
            <LinearProgress
              variant="determinate"
              value={progress.total ? (100 * progress.done) / progress.total : 0}
              sx={{ flex: 1 }}
              aria-label={progress.label}
            />
            <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
              {progress.label}: {progress.done.toLocaleString()} / {progress.total.toLocaleString()}
            </Typography>
          </Box>
        ) : null}
      </Box>
      {products.isFetching && data ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <ColumnContextValue value={ctx}>
        <DataGrid
          // Each view starts scrolled to the left and top, with no cell focused or being edited.
          key={view}
          label="Products"
          rows={rows}
          columns={columns}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => `${row.sku} ${row.name}`}
          isRowSelected={(row) => isSelected(row.id)}
          estimateRowHeight={ESTIMATED_ROW_HEIGHT[view]}
          message={message}
          ordering={ordering}
          // A new order starts at the first page (setFilter resets it), like any filter change.
          onOrderingChange={(next) => setFilter('ordering', next === DEFAULT_ORDERING ? '' : next)}
        />
      </ColumnContextValue>
      <TablePagination
        component="div"
        count={total}
        labelDisplayedRows={displayedRows(data?.count_is_estimate)}
        page={shownPage}
        rowsPerPage={limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => setFilter('limit', event.target.value === String(PAGE_SIZE.catalog) ? '' : event.target.value)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={selectedEstimate ? `Delete about ${plural(selectedCount)}?` : selectedCount === 1 ? 'Delete this product?' : `Delete ${plural(selectedCount)}?`}
        message="Deleted products leave the catalog. A product with stock or stock history, on a purchase order, backordered, or on an open customer order cannot be deleted; archive it instead."
        confirmLabel="Delete"
        destructive
        pending={deleteMutation.isPending || busy}
        onConfirm={handleDelete}
        onClose={() => setDialog(null)}
      />
      <SetFieldDialog
        open={dialog === 'set-field'}
        count={selectedCount}
        estimate={selectedEstimate}
        locations={locations.data ?? []}
        pending={busy}
        onApply={handleSetField}
        onClose={() => setDialog(null)}
      />
      <PublishDialog open={dialog === 'publish'} selectedIds={publishIds} onClose={() => setDialog(null)} />
    </Card>
  );
}
