import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorText } from '@/lib/api-client';
import { useProcurementData } from '../api/get-procurement-data';
import { formatMoney } from './product-format';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The supplier products this product is mapped to; the cheapest in stock sets its procurement cost (DESIGN §5). */
export function ProductProcurementTable({ productId }: { productId: number }) {
  const procurement = useProcurementData([productId]);
  const rows = procurement.data?.get(productId) ?? [];
  return (
    <Card component="section" aria-label="Procurement mapping">
      <CardHeader title="Procurement mapping" subheader="Supplier products this product is bought as." />
      {procurement.isPending ? (
        <Skeleton variant="rounded" height={80} sx={{ mx: 2, mb: 2 }} />
      ) : procurement.isError ? (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {errorText(procurement.error)}
        </Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2 }}>
          Not mapped to a supplier product: the procurement cost stays empty until it is.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Supplier products">
            <TableHead>
              <TableRow>
                <TableCell>Supplier</TableCell>
                <TableCell>Supplier product</TableCell>
                <TableCell align="right">Cost SEK</TableCell>
                <TableCell>Stock</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.supplier_name}</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {row.sku}
                    </Box>
                    {row.name}
                    {row.status === 'removed' ? <Chip size="small" label="Removed" sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {formatMoney(row.cost_sek)}
                  </TableCell>
                  <TableCell>{row.stock_details || (row.stock_quantity === null ? '—' : String(row.stock_quantity))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
