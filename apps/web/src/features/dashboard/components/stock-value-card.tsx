import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/lib/api-client';
import { useStockValueByLocation } from '../api/get-stock-value-by-location';

const sek = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 });
const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Stock value at cost per location as horizontal bars. It is a table: the numbers are what a
 * screen reader reads, the bars (scaled to the largest value) are decoration beside them.
 */
export function StockValueCard() {
  const locations = useStockValueByLocation();
  const rows = locations.data ?? [];
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const largest = Math.max(0, ...rows.map((row) => row.value));
  // Every amount gets the width of the longest one, so the bars' tracks are equally long and comparable.
  const amountWidth = `${Math.max(0, ...rows.map((row) => sek.format(row.value).length))}ch`;
  return (
    <Card>
      <CardHeader
        title="Stock value per location"
        subheader={locations.data ? `${sek.format(total)} at cost, excl. VAT` : ' '}
        action={
          <Button component={RouterLink} to="/catalog/inventory" size="small">
            Inventory
          </Button>
        }
      />
      {locations.isPending ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : locations.isError ? (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {errorText(locations.error)}
        </Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2 }}>
          No locations yet. Add the places you keep stock in under Inventory locations.
        </Typography>
      ) : (
        <Table size="small" aria-label="Stock value per location" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '30%' }}>Location</TableCell>
              <TableCell>Value</TableCell>
              <TableCell align="right" sx={{ width: 104 }}>
                Quantity
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const share = largest > 0 ? (row.value / largest) * 100 : 0;
              return (
                <TableRow key={row.location_id}>
                  <TableCell component="th" scope="row" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.name}>
                    <Typography component="span" variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
                      {row.abbreviation_slug}
                    </Typography>
                    {row.name}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Box sx={{ flexGrow: 1, minWidth: 48, bgcolor: 'action.hover', borderRadius: 1, height: 12 }} aria-hidden>
                        <Box
                          data-testid="stock-value-bar"
                          sx={{ width: `${share}%`, minWidth: row.value > 0 ? 2 : 0, height: '100%', bgcolor: 'primary.main', borderRadius: 1 }}
                        />
                      </Box>
                      <Typography component="span" variant="body2" sx={{ ...numeric, flexShrink: 0, width: amountWidth, textAlign: 'right' }}>
                        {sek.format(row.value)}
                      </Typography>
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {quantity.format(row.quantity)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
