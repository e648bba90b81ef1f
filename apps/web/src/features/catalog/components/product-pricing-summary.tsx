import type { ProductResponse } from '@kontor/contract';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, formatPercent, formatPrice } from './product-format';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const PRICE_ROWS = [
  { key: 'sale', label: 'Sale' },
  { key: 'manual', label: 'Manual' },
  { key: 'auto', label: 'Auto' },
] as const;

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <TableRow>
      <TableCell
        component="th"
        scope="row"
        sx={{ color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 600 : 400, borderBottom: 0, py: 0.5, pl: 0 }}
      >
        {label}
      </TableCell>
      <TableCell align="right" sx={{ ...numeric, fontWeight: strong ? 600 : 400, borderBottom: 0, py: 0.5, pr: 0 }}>
        {value}
      </TableCell>
    </TableRow>
  );
}

/**
 * The pricing engine's figures for the saved product (DESIGN §5), read-only: what the costs add up
 * to, the automatic and effective price, the margin, and the Sale/Manual/Auto price details.
 * It shows the server's numbers, so it changes when a save comes back, not while typing.
 */
export function ProductPricingSummary({ product }: { product: ProductResponse }) {
  const negative = product.margin !== null && product.margin < 0;
  return (
    <Card component="section" aria-label="Pricing">
      <CardHeader title="Pricing" subheader="After the last save, excl. VAT unless incl." />
      <CardContent sx={{ pt: 0 }}>
        <Table size="small" aria-label="Cost and price">
          <TableBody>
            <Line label="Procurement cost" value={formatMoney(product.procurement_cost)} />
            <Line label="Shipping" value={formatMoney(product.cost_shipping)} />
            <Line label="Packaging labour" value={formatMoney(product.cost_packaging_labour)} />
            <Line label="Packaging material" value={formatMoney(product.cost_packaging_material)} />
            <Line label="Total cost" value={formatMoney(product.total_cost)} strong />
            <Line label="Auto price (incl. VAT)" value={formatPrice(product.price_calculated_automatically)} />
            <Line label="Effective price (incl. VAT)" value={formatPrice(product.price)} strong />
          </TableBody>
        </Table>
        <Typography variant="body2" sx={{ mt: 1 }} color={negative ? 'error' : 'text.primary'} aria-label="Margin">
          Margin <strong>{formatMoney(product.margin)}</strong> ({formatPercent(product.margin_percent)})
        </Typography>
        <Divider sx={{ my: 1.5 }} />
        <Table size="small" aria-label="Price details">
          <TableHead>
            <TableRow>
              <TableCell sx={{ pl: 0 }}>Price</TableCell>
              <TableCell align="right">Incl</TableCell>
              <TableCell align="right">Excl</TableCell>
              <TableCell align="right" sx={{ pr: 0 }}>
                Margin
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {PRICE_ROWS.map(({ key, label }) => {
              const row = product.price_details[key];
              return (
                <TableRow key={key}>
                  <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                    {label}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {formatPrice(row.incl)}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {formatMoney(row.excl)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...numeric, pr: 0, color: row.margin !== null && row.margin < 0 ? 'error.main' : undefined }}>
                    {formatMoney(row.margin)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
