import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText } from '@/lib/api-client';
import { HistoryPanel } from '@/components/history-panel';
import { useProduct } from '../api/get-product';
import { ProductDescriptionsEditor } from '../components/product-descriptions-editor';
import { ProductEditForm } from '../components/product-edit-form';
import { ProductFileUrls } from '../components/product-file-urls';
import { ProductPricingSummary } from '../components/product-pricing-summary';
import { ProductProcurementTable } from '../components/product-procurement-table';
import { ProductStockSummary } from '../components/product-stock-summary';
import { ProductTaxonomiesSection } from '../components/product-taxonomies-section';

const readId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

function BackLink() {
  return (
    <Button component={RouterLink} to="/catalog/products" startIcon={<ArrowBackIcon />} size="small" sx={{ alignSelf: 'flex-start' }}>
      Products
    </Button>
  );
}

/** /catalog/products/edit?id=<id>: one product's fields, its pricing, stock, supplier mapping, file URLs, channel categories and descriptions. */
export function ProductEditScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = readId(searchParams.get('id'));
  const tab = searchParams.get('tab') === 'history' ? 'history' : 'details';
  const product = useProduct(id);
  const showTab = (next: string) =>
    setSearchParams(
      (params) => {
        if (next === 'history') params.set('tab', 'history');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );

  if (id === 0) {
    return (
      <Stack spacing={2}>
        <BackLink />
        <Alert severity="info">
          No product chosen. Open one from the{' '}
          <Link component={RouterLink} to="/catalog/products">
            product grid
          </Link>
          .
        </Alert>
      </Stack>
    );
  }

  if (product.isError) {
    return (
      <Stack spacing={2}>
        <BackLink />
        <Alert severity="error">{errorText(product.error)}</Alert>
      </Stack>
    );
  }

  if (product.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading product">
        <BackLink />
        <Skeleton variant="text" width={320} height={40} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }

  const data = product.data;
  return (
    <Stack spacing={2}>
      <title>{`${data.name} · Kontor`}</title>
      <BackLink />
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography variant="h5" component="h2">
          {data.name}
        </Typography>
        <Typography color="text.secondary">{data.sku}</Typography>
        {data.archived ? <Chip size="small" label="Archived" /> : null}
        {data.url ? (
          <Link href={data.url} target="_blank" rel="noopener noreferrer" variant="body2">
            View in shop
          </Link>
        ) : null}
      </Box>
      <Tabs value={tab} onChange={(_event, next: string) => showTab(next)} aria-label="Product sections" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab label="Details" value="details" id="product-tab-details" aria-controls="product-panel-details" />
        <Tab label="History" value="history" id="product-tab-history" aria-controls="product-panel-history" />
      </Tabs>
      {tab === 'history' ? (
        <Box role="tabpanel" id="product-panel-history" aria-labelledby="product-tab-history">
          <HistoryPanel entity="catalog_product" id={data.id} label="Product history" />
        </Box>
      ) : null}
      {/* Hidden, not unmounted: a look at the history must not throw away unsaved edits. */}
      <Box role="tabpanel" id="product-panel-details" aria-labelledby="product-tab-details" hidden={tab !== 'details'}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            {/* Keyed by product: following the stock proxy parent link starts a fresh form. */}
            <ProductEditForm key={data.id} product={data} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={2} sx={{ pt: { lg: 7 } }}>
              <ProductPricingSummary product={data} />
              <ProductStockSummary productId={data.id} />
              <ProductProcurementTable productId={data.id} />
              <ProductFileUrls productId={data.id} />
              <ProductTaxonomiesSection key={data.id} productId={data.id} />
            </Stack>
          </Grid>
          <Grid size={12}>
            <ProductDescriptionsEditor key={data.id} productId={data.id} />
          </Grid>
        </Grid>
      </Box>
    </Stack>
  );
}
