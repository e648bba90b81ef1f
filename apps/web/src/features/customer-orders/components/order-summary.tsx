import type { OrderResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { addressLines, formatMoney } from './format';
import { OrderStatusChip } from './order-status-chip';

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** The order's header: who ordered, where it goes, when, and what it costs. */
export function OrderSummary({ order }: { order: OrderResponse }) {
  const address = addressLines(order.shipping_address);
  return (
    <Box component="dl" aria-label="Order details" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, rowGap: 1, columnGap: 2, m: 0 }}>
      <Term label="Order number">{order.order_number}</Term>
      <Term label="Customer">
        {order.customer_name}
        {order.customer_email ? ` · ${order.customer_email}` : ''}
      </Term>
      <Term label="Shipping address">
        {address.length
          ? address.map((line) => (
              <Box component="span" key={line} sx={{ display: 'block' }}>
                {line}
              </Box>
            ))
          : '—'}
      </Term>
      <Term label="Status">
        <OrderStatusChip status={order.internal_status} />
      </Term>
      <Term label="Storefront status">{order.storefront_status || '—'}</Term>
      <Term label="Total">{formatMoney(order.total, order.currency)}</Term>
      <Term label="Created">{formatDateTime(order.created_at)}</Term>
      <Term label="Delivered">{order.delivered_at ? formatDateTime(order.delivered_at) : '—'}</Term>
      <Term label="Last synced">{order.synced_at ? formatDateTime(order.synced_at) : '—'}</Term>
    </Box>
  );
}
