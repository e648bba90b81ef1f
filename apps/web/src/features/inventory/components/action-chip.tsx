import type { InventoryAction } from '@kontor/contract';
import Chip from '@mui/material/Chip';
import { ACTION_LABELS } from './quantity';

const COLORS = { STOCK_IN: 'success', STOCK_OUT: 'warning', STOCK_TAKING: 'info' } as const;

export function ActionChip({ action }: { action: InventoryAction }) {
  return <Chip size="small" variant="outlined" color={COLORS[action]} label={ACTION_LABELS[action]} />;
}
