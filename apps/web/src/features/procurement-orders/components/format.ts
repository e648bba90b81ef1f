import { DRF_FIELD_MESSAGES, type ProcurementOrderStatus } from '@kontor/contract';

const quantityFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const moneyFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Quantities show with up to 2 decimals (spec §5 step 0.01). */
export const formatQuantity = (value: number) => quantityFormat.format(value);
export const formatSek = (value: number | null) => (value === null ? '—' : moneyFormat.format(value));

/** What is still to arrive, in hundredths so 0.1 + 0.2 never leaves a remainder of 0.30000000000000004. */
export const remainingOf = (item: { quantity: number; quantity_received: number }) =>
  Math.max(0, Math.round(item.quantity * 100 - item.quantity_received * 100) / 100);

export const ORDER_STATUSES: readonly ProcurementOrderStatus[] = ['open', 'partially_received', 'received', 'cancelled'];

export const STATUS_LABELS: Record<ProcurementOrderStatus, string> = {
  open: 'Open',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** The server's message for a quantity of 0 where goods must move. */
export const QUANTITY_POSITIVE = DRF_FIELD_MESSAGES.above(0);

/** Spec §5: numeric, minimum 0, step 0.01. */
export const QUANTITY_INPUT_PROPS = { min: 0, step: 0.01, inputMode: 'decimal', style: { textAlign: 'right' } } as const;
