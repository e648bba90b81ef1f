import { ORDER_STATUS_LABELS, type OrderResponse } from '@kontor/contract';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatDate } from '@/lib/format';

type OpenOrdersListProps = {
  orders: OrderResponse[];
  selectedId: number;
  onSelect: (id: number) => void;
};

/** Lines with something left to pick that the catalog knows (a line without a product cannot be picked). */
const linesToPick = (order: OrderResponse) => {
  const lines = order.order_items.filter((item) => item.qty_remaining > 0 && item.product !== null).length;
  return lines === 1 ? '1 line to pick' : `${lines} lines to pick`;
};

/**
 * The picking queue as a listbox with one tab stop: arrows, Home and End move through it,
 * Enter (or a click) opens the order.
 */
export function OpenOrdersList({ orders, selectedId, onSelect }: OpenOrdersListProps) {
  const optionRefs = useRef<(HTMLDivElement | null)[]>([]);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const tabStopId = orders.some((order) => order.id === focusedId) ? focusedId : orders.some((order) => order.id === selectedId) ? selectedId : orders[0]?.id;

  const handleKeyDown = (event: KeyboardEvent, index: number) => {
    const last = orders.length - 1;
    const next = { ArrowDown: Math.min(index + 1, last), ArrowUp: Math.max(index - 1, 0), Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    optionRefs.current[next]?.focus();
  };

  return (
    <List role="listbox" aria-label="Open orders" dense disablePadding>
      {orders.map((order, index) => (
        <ListItemButton
          key={order.id}
          ref={(element: HTMLDivElement | null) => {
            optionRefs.current[index] = element;
          }}
          role="option"
          aria-selected={order.id === selectedId}
          selected={order.id === selectedId}
          tabIndex={order.id === tabStopId ? 0 : -1}
          onFocus={() => setFocusedId(order.id)}
          onKeyDown={(event) => handleKeyDown(event, index)}
          onClick={() => onSelect(order.id)}
          divider
        >
          <ListItemText
            primary={`${order.order_number} · ${order.customer_name}`}
            secondary={`${formatDate(order.created_at)} · ${ORDER_STATUS_LABELS[order.internal_status]} · ${linesToPick(order)}`}
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
