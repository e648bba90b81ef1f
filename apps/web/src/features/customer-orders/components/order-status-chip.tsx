import { ORDER_STATUS_LABELS, type OrderInternalStatus } from '@kontor/contract';
import Chip, { type ChipProps } from '@mui/material/Chip';

const COLORS: Record<OrderInternalStatus, ChipProps['color']> = {
  open: 'info',
  partially_picked: 'warning',
  picked: 'primary',
  delivered: 'success',
  cancelled: 'default',
};

export function OrderStatusChip({ status }: { status: OrderInternalStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={ORDER_STATUS_LABELS[status]} />;
}
