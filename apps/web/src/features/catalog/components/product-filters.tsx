import { MARGIN_BANDS } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import TextField from '@mui/material/TextField';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FilterListIcon from '@mui/icons-material/FilterList';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { useId, useState } from 'react';
import { FilterSelect, type FilterOption } from '@/components/filter-select';
import { SearchField } from '@/components/search-field';
import type { ProductFilterName, ProductFilters } from '../api/query-keys';

/** Spec §9's Yes/No filters, plus `edited` (the dashboard's edited/unedited counts). */
const YES_NO_FILTERS: { name: ProductFilterName; label: string }[] = [
  { name: 'synced_to_ecommerce', label: 'Synced to e-commerce' },
  { name: 'has_procurement_products', label: 'Has procurement products' },
  { name: 'mapped_to_procurement', label: 'Mapped to procurement' },
  { name: 'low_stock', label: 'Low stock' },
  { name: 'price_override', label: 'Price override' },
  { name: 'negative_margin', label: 'Negative margin' },
  { name: 'edited', label: 'Edited' },
];

const YES_NO: FilterOption[] = [
  { value: '', label: 'All' },
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

const DATE_FILTERS: { name: ProductFilterName; label: string; pair: ProductFilterName; from: boolean }[] = [
  { name: 'created_at__gte', label: 'Created from', pair: 'created_at__lte', from: true },
  { name: 'created_at__lte', label: 'Created to', pair: 'created_at__gte', from: false },
  { name: 'updated_at__gte', label: 'Updated from', pair: 'updated_at__lte', from: true },
  { name: 'updated_at__lte', label: 'Updated to', pair: 'updated_at__gte', from: false },
];

type ProductFiltersBarProps = {
  filters: ProductFilters;
  productTypes: readonly { value: string; name: string }[];
  suppliers: readonly { id: number; name: string }[];
  onChange: (name: ProductFilterName, value: string) => void;
  onReset: () => void;
};

/** A select wide enough for its label (the outlined label does not wrap). */
const widthFor = (label: string) => Math.max(110, Math.round(label.length * 7.6) + 40);

const SECONDARY: readonly ProductFilterName[] = [...YES_NO_FILTERS.map((filter) => filter.name), ...DATE_FILTERS.map((filter) => filter.name)];

/**
 * The catalog filters of spec §9; each change lands in the URL and starts again at page 0. The
 * Yes/No and date filters fold away under "More filters" (open when one of them is set).
 */
export function ProductFiltersBar({ filters, productTypes, suppliers, onChange, onReset }: ProductFiltersBarProps) {
  const secondaryActive = SECONDARY.filter((name) => filters[name] !== '').length;
  const [expanded, setExpanded] = useState(secondaryActive > 0);
  const filtered = Object.values(filters).some((value) => value !== '');
  const moreId = useId();
  return (
    <Box role="search" aria-label="Filters" sx={{ px: 2, pb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <SearchField
          label="Search products"
          placeholder="SKU or name"
          value={filters.search}
          onSearch={(value) => onChange('search', value)}
          sx={{ width: 220 }}
        />
        <FilterSelect
          label="Margin"
          value={filters.margin_band}
          onChange={(value) => onChange('margin_band', value)}
          minWidth={130}
          options={[{ value: '', label: 'All margins' }, ...MARGIN_BANDS.map((band) => ({ value: band.value, label: band.label }))]}
        />
        {/* Types and suppliers load after the first render: fixed widths keep the bar from shifting (CLS). */}
        <FilterSelect
          label="Product type"
          value={filters.product_type}
          onChange={(value) => onChange('product_type', value)}
          width={150}
          options={[{ value: '', label: 'All types' }, ...productTypes.map((type) => ({ value: type.value, label: type.name }))]}
        />
        <FilterSelect
          label="Supplier"
          value={filters.supplier}
          onChange={(value) => onChange('supplier', value)}
          width={170}
          options={[{ value: '', label: 'All suppliers' }, ...suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name }))]}
        />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button
            size="small"
            startIcon={<FilterListIcon />}
            endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            aria-expanded={expanded}
            aria-controls={moreId}
            onClick={() => setExpanded(!expanded)}
          >
            More filters{secondaryActive ? ` (${secondaryActive})` : ''}
          </Button>
          <Button size="small" startIcon={<RestartAltIcon />} disabled={!filtered} onClick={onReset}>
            Reset filters
          </Button>
        </Box>
      </Box>
      <Collapse in={expanded} id={moreId}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', pt: 2 }}>
          {YES_NO_FILTERS.map((filter) => (
            <FilterSelect
              key={filter.name}
              label={filter.label}
              value={filters[filter.name]}
              onChange={(value) => onChange(filter.name, value)}
              minWidth={widthFor(filter.label)}
              options={YES_NO}
            />
          ))}
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
        </Box>
      </Collapse>
    </Box>
  );
}
