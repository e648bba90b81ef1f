import Typography from '@mui/material/Typography';
import type { StockProduct } from './quantity';

/** Which product a stock dialog is about. */
export function ProductHeading({ product }: { product: StockProduct }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, color: 'text.primary', fontFamily: 'monospace' }}>
        {product.sku}
      </Typography>{' '}
      {product.name}
    </Typography>
  );
}
