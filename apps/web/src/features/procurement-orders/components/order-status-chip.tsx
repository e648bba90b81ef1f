import type { ProcurementOrderStatus } from '@kontor/contract';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { STATUS_LABELS } from './format';

const COLORS: Record<ProcurementOrderStatus, ChipProps['color']> = {
  open: 'info',
  partially_received: 'warning',
  received: 'success',
  cancelled: 'default',
};

export function OrderStatusChip({ status }: { status: ProcurementOrderStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={STATUS_LABELS[status]} />;
}
