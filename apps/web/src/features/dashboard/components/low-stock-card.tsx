import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/lib/api-client';
import { LOW_STOCK_LIMIT, useLowStockProducts } from '../api/list-low-stock-products';

const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** The products at or below their restock level, emptiest first, each leading to its edit screen. */
export function LowStockCard() {
  const products = useLowStockProducts();
  const count = products.data?.count;
  return (
    <Card>
      <CardHeader
        title="Low in stock"
        subheader={count === undefined ? ' ' : count === 0 ? 'Every product is above its restock level' : `${count} at or below the restock level`}
        action={
          <Button component={RouterLink} to="/catalog/products?low_stock=Yes" size="small">
            View all
          </Button>
        }
      />
      {products.isPending ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : products.isError ? (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {errorText(products.error)}
        </Typography>
      ) : products.data.results.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2 }}>
          Nothing to restock. A product shows here when its stock falls to its restock level.
        </Typography>
      ) : (
        <Table size="small" aria-label="Low stock products">
          <TableHead>
            <TableRow>
              <TableCell>SKU</TableCell>
              <TableCell>Product</TableCell>
              <TableCell align="right">Stock</TableCell>
              <TableCell align="right" title="Restock level">
                Level
              </TableCell>
              <TableCell align="right" title="Restock quantity">
                Reorder
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.data.results.slice(0, LOW_STOCK_LIMIT).map((product) => (
              <TableRow key={product.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{product.sku}</TableCell>
                <TableCell sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={`/catalog/products/edit?id=${product.id}`} title={product.name}>
                    {product.name}
                  </Link>
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, color: product.qty_in_stock <= 0 ? 'error.main' : 'warning.dark', fontWeight: 600 }}>
                  {quantity.format(product.qty_in_stock)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {quantity.format(product.qty_restock_level)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {quantity.format(product.qty_restock_amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
