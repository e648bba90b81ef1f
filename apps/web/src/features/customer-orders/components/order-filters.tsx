import { ORDER_INTERNAL_STATUSES, ORDER_STATUS_LABELS } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { FilterSelect } from '@/components/filter-select';
import { SearchField } from '@/components/search-field';

export const ORDER_FILTERS = [
  'search',
  'order_number',
  'internal_status',
  'created_from',
  'created_to',
  'delivered_from',
  'delivered_to',
  'sort',
  'direction',
] as const;
export type OrderFilterName = (typeof ORDER_FILTERS)[number];
export type OrderFilterValues = Record<OrderFilterName, string>;

/** Spec §4 sort fields; '' is the default (created). */
export const SORT_OPTIONS = [
  { value: '', label: 'Created' },
  { value: 'delivered_at', label: 'Delivered' },
  { value: 'order_number', label: 'Order number' },
  { value: 'total', label: 'Total' },
  { value: 'internal_status', label: 'Status' },
] as const;
/** '' is the default: descending (newest first). */
export const DIRECTION_OPTIONS = [
  { value: '', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
] as const;

const DATE_FILTERS = [
  { name: 'created_from', label: 'Created from', pair: 'created_to', from: true },
  { name: 'created_to', label: 'Created to', pair: 'created_from', from: false },
  { name: 'delivered_from', label: 'Delivered from', pair: 'delivered_to', from: true },
  { name: 'delivered_to', label: 'Delivered to', pair: 'delivered_from', from: false },
] as const;

type OrderFiltersProps = {
  filters: OrderFilterValues;
  onChange: (name: OrderFilterName, value: string) => void;
  onReset: () => void;
};

export function OrderFilters({ filters, onChange, onReset }: OrderFiltersProps) {
  const filtered = ORDER_FILTERS.some((name) => filters[name] !== '');
  return (
    <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
      <SearchField label="Search orders" value={filters.search} onSearch={(value) => onChange('search', value)} />
      <SearchField label="Order number" value={filters.order_number} onSearch={(value) => onChange('order_number', value)} sx={{ width: 170 }} />
      <FilterSelect
        label="Status"
        value={filters.internal_status}
        onChange={(value) => onChange('internal_status', value)}
        minWidth={170}
        options={[{ value: '', label: 'All statuses' }, ...ORDER_INTERNAL_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))]}
      />
      {DATE_FILTERS.map((filter) => (
        <TextField
          key={filter.name}
          size="small"
          fullWidth={false}
          type="date"
          label={filter.label}
          value={filters[filter.name]}
          onChange={(event) => onChange(filter.name, event.target.value)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: filter.from ? { max: filters[filter.pair] || undefined } : { min: filters[filter.pair] || undefined },
          }}
        />
      ))}
      <FilterSelect label="Sort by" value={filters.sort} onChange={(value) => onChange('sort', value)} minWidth={150} options={SORT_OPTIONS} />
      <FilterSelect label="Direction" value={filters.direction} onChange={(value) => onChange('direction', value)} minWidth={140} options={DIRECTION_OPTIONS} />
      <Button size="small" startIcon={<RestartAltIcon />} disabled={!filtered} onClick={onReset}>
        Reset filters
      </Button>
    </Box>
  );
}
