import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/lib/api-client';
import { useProductInventories } from '../api/get-product-inventories';
import { formatQuantity } from './product-format';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** The product's stock per location and the total at stock locations (GET /catalog/products/inventories/?product_ids=). */
export function ProductStockSummary({ productId }: { productId: number }) {
  const inventories = useProductInventories([productId]);
  const entry = inventories.data?.get(productId);
  return (
    <Card component="section" aria-label="Inventory">
      <CardHeader
        title="Inventory"
        action={
          <Button component={RouterLink} to={`/catalog/inventory?product=${productId}`} size="small">
            Manage stock
          </Button>
        }
      />
      {inventories.isPending ? (
        <Skeleton variant="rounded" height={80} sx={{ mx: 2, mb: 2 }} />
      ) : inventories.isError ? (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {errorText(inventories.error)}
        </Typography>
      ) : !entry || entry.inventories.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2 }}>
          Not stocked at any location yet.
        </Typography>
      ) : (
        <Table size="small" aria-label="Stock per location">
          <TableHead>
            <TableRow>
              <TableCell>Location</TableCell>
              <TableCell align="right">Quantity</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entry.inventories.map((row) => (
              <TableRow key={row.location_id}>
                <TableCell component="th" scope="row">
                  {row.abbreviation_slug}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatQuantity(row.accumulated_quantity)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, color: 'text.primary' }}>
                Total in stock
              </TableCell>
              <TableCell align="right" sx={{ ...numeric, fontWeight: 600, color: 'text.primary' }}>
                {formatQuantity(entry.total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      )}
    </Card>
  );
}
