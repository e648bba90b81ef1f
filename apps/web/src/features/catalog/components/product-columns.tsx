import {
  MESSAGES,
  type LocationResponse,
  type ProcurementProductWithOnOrder,
  type ProductDescriptionResponse,
  type ProductInventories,
  type ProductPatch,
  type ProductResponse,
} from '@kontor/contract';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { GridColumn } from './data-grid';
import { EditableCell, type CellInput } from './editable-cell';
import { formatAmount, formatCm, formatKg, formatMoney, formatPercent, formatPrice, formatQuantity, formatWholeAmount, plainText } from './product-format';
import {
  NUMBER_INPUTS,
  parseLocation,
  parseMillimetres,
  parseMoney,
  parseName,
  parseOptionalMoney,
  parsePackagingCost,
  parseQuantity,
  parseWeight,
  type ParseResult,
} from './product-fields';

export const CATALOG_VIEWS = ['default', 'stocks', 'prices', 'bulk'] as const;
export type CatalogView = (typeof CATALOG_VIEWS)[number];
export const VIEW_LABELS: Record<CatalogView, string> = { default: 'Default', stocks: 'Stocks', prices: 'Prices', bulk: 'Bulk edit' };

/** What the stocks view's inventory actions open; the app composes them from the inventory feature. */
export type StockActions = {
  onEdit: (product: ProductResponse) => void;
  onAddTransaction: (product: ProductResponse) => void;
  onMove: (product: ProductResponse) => void;
};

export type DescriptionPatch = Pick<ProductDescriptionResponse, 'meta_title' | 'meta_keywords' | 'meta_description'>;
type DescriptionField = keyof DescriptionPatch;

export type ColumnContext = {
  selection: {
    isSelected: (id: number) => boolean;
    onToggle: (id: number) => void;
    page: 'all' | 'some' | 'none' | 'empty';
    onTogglePage: (checked: boolean) => void;
    /** While other rows load (a new filter or page), the rows still shown are not selected for them. */
    disabled: boolean;
  };
  inventories: Map<number, ProductInventories> | undefined;
  procurement: Map<number, ProcurementProductWithOnOrder[]> | undefined;
  locations: LocationResponse[];
  /** The chosen language's description of each product. */
  descriptions: Map<number, ProductDescriptionResponse> | undefined;
  /** The bulk view's toggles: whether a description is shown (see the screen). */
  showDescription: (description: ProductDescriptionResponse) => boolean;
  stockActions?: StockActions;
  onSaveProduct: (product: ProductResponse, patch: Omit<ProductPatch, 'id'>, message?: string) => Promise<unknown>;
  onSaveDescription: (product: ProductResponse, description: ProductDescriptionResponse | undefined, patch: Partial<DescriptionPatch>) => Promise<unknown>;
};

/**
 * The columns are built once per view; what changes from render to render (data of the page,
 * selection, save handlers) reaches the cells through this context. TanStack Table renders a
 * cell function as a component, so new functions on every render would remount every cell.
 */
export const ColumnContextValue = createContext<ColumnContext | null>(null);

const useColumnContext = () => {
  const ctx = useContext(ColumnContextValue);
  if (!ctx) throw new Error('The product columns render inside ColumnContextValue.');
  return ctx;
};

const rowId = (product: ProductResponse) => String(product.id);

type ProductFieldSpec<V> = {
  id: keyof Omit<ProductPatch, 'id'>;
  header: ReactNode;
  label: string;
  size: number;
  input: CellInput | ((ctx: ColumnContext) => CellInput);
  value: (product: ProductResponse) => string;
  display: (product: ProductResponse, ctx: ColumnContext) => ReactNode;
  parse: (text: string) => ParseResult<V>;
  message?: string;
  align?: 'left' | 'right';
};

function ProductFieldCell<V>({ spec, product }: { spec: ProductFieldSpec<V>; product: ProductResponse }) {
  const ctx = useColumnContext();
  const input = typeof spec.input === 'function' ? spec.input(ctx) : spec.input;
  return (
    <EditableCell
      rowId={rowId(product)}
      columnId={spec.id}
      label={`${spec.label} of ${product.sku}`}
      display={spec.display(product, ctx)}
      value={spec.value(product)}
      input={input}
      parse={spec.parse}
      align={spec.align ?? (input.kind === 'number' ? 'right' : 'left')}
      onSave={(value) => ctx.onSaveProduct(product, { [spec.id]: value }, spec.message)}
    />
  );
}

/** One field of the product, edited in place and saved alone. */
function productField<V>(spec: ProductFieldSpec<V>): GridColumn<ProductResponse> {
  const right = spec.align === 'right' || (spec.align === undefined && typeof spec.input !== 'function' && spec.input.kind === 'number');
  return {
    id: spec.id,
    header: () => spec.header,
    size: spec.size,
    meta: { align: right ? 'right' : undefined },
    cell: ({ row }) => <ProductFieldCell spec={spec} product={row.original} />,
  };
}

const numberText = (value: number | null) => (value === null ? '' : String(value));

type GridCheckboxProps = { label: string; checked: boolean; indeterminate?: boolean; disabled?: boolean; onChange: (checked: boolean) => void };

/**
 * A native checkbox styled by the grid's class rules: one per row, where an MUI Checkbox is a
 * button base, a ripple and an icon. Out of the tab order: the grid's roving focus reaches it.
 */
function GridCheckbox({ label, checked, indeterminate = false, disabled = false, onChange }: GridCheckboxProps) {
  return (
    <input
      type="checkbox"
      className="grid-checkbox"
      tabIndex={-1}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      // `indeterminate` is a property only, not an attribute React can set.
      ref={(input) => {
        if (input) input.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

function SelectPageCheckbox() {
  const { selection } = useColumnContext();
  return (
    <GridCheckbox
      label="Select all products on this page"
      checked={selection.page === 'all'}
      indeterminate={selection.page === 'some'}
      disabled={selection.page === 'empty' || selection.disabled}
      onChange={selection.onTogglePage}
    />
  );
}

function SelectRowCheckbox({ product }: { product: ProductResponse }) {
  const { selection } = useColumnContext();
  return (
    <GridCheckbox
      label={`Select ${product.sku}`}
      checked={selection.isSelected(product.id)}
      disabled={selection.disabled}
      onChange={() => selection.onToggle(product.id)}
    />
  );
}

const selectColumn = (): GridColumn<ProductResponse> => ({
  id: 'select',
  size: 48,
  meta: { align: 'center', sticky: true },
  header: () => <SelectPageCheckbox />,
  cell: ({ row }) => <SelectRowCheckbox product={row.original} />,
});

function ProductTitle({ product }: { product: ProductResponse }) {
  return (
    <div>
      <RouterLink className="grid-link" to={`/catalog/products/edit?id=${product.id}`} tabIndex={-1}>
        {product.name}
      </RouterLink>
    </div>
  );
}

function SkuAndName({ product }: { product: ProductResponse }) {
  return (
    <>
      <span className="grid-caption">{product.sku}</span>
      <ProductTitle product={product} />
    </>
  );
}

const skuAndNameColumn = (): GridColumn<ProductResponse> => ({
  id: 'product',
  header: 'SKU and name',
  size: 220,
  meta: { grow: true, sticky: true, sortField: 'sku' },
  cell: ({ row }) => <SkuAndName product={row.original} />,
});

/** A small read-only table inside a cell; `widths` (percent per column) keep it inside its column, long texts ellipsized. */
function MiniTable({ label, head, widths, rows }: { label: string; head: string[]; widths: number[]; rows: ReactNode[][] }) {
  return (
    <Box
      component="table"
      aria-label={label}
      sx={{
        borderCollapse: 'collapse',
        tableLayout: 'fixed',
        width: '100%',
        fontSize: 12.5,
        '& th, & td': {
          px: 0.5,
          py: 0.25,
          textAlign: 'right',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          fontVariantNumeric: 'tabular-nums',
        },
        '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
        '& thead th': { color: 'text.secondary', fontWeight: 600, borderBottom: 1, borderColor: 'divider' },
        '& tbody th': { fontWeight: 500 },
      }}
    >
      <colgroup>
        {widths.map((width, index) => (
          <col key={index} style={{ width: `${width}%` }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest], index) => (
          <tr key={index}>
            <th scope="row">{first}</th>
            {rest.map((cell, cellIndex) => (
              <td key={cellIndex}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

// ---- default view

/** The product's first image, or a placeholder when it has none or the image does not load. */
function Thumbnail({ url }: { url: string | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) return <img className="grid-thumb" src={url} alt="" loading="lazy" onError={() => setFailed(url)} />;
  return (
    <span className="grid-thumb">
      <ImageNotSupportedOutlinedIcon fontSize="small" aria-label="No image" />
    </span>
  );
}

function defaultColumns(): GridColumn<ProductResponse>[] {
  return [
    selectColumn(),
    {
      id: 'image',
      header: 'Image',
      size: 64,
      meta: { align: 'center' },
      cell: ({ row }) => <Thumbnail url={row.original.image_urls[0]} />,
    },
    {
      id: 'sku',
      header: 'SKU',
      size: 140,
      meta: { sortField: 'sku' },
      cell: ({ row }) => <span className="grid-mono">{row.original.sku}</span>,
    },
    { id: 'name', header: 'Product name', size: 240, meta: { grow: true, sortField: 'name' }, cell: ({ row }) => <ProductTitle product={row.original} /> },
    {
      id: 'stock',
      header: 'Stock',
      size: 80,
      meta: { align: 'right', sortField: 'qty_in_stock' },
      cell: ({ row }) => formatQuantity(row.original.qty_in_stock),
    },
    productField({
      id: 'cost_shipping',
      header: 'Shipping cost',
      label: 'Shipping cost',
      size: 130,
      input: { kind: 'number', ...NUMBER_INPUTS.money },
      value: (p) => String(p.cost_shipping),
      display: (p) => formatMoney(p.cost_shipping),
      parse: parseMoney,
    }),
    {
      id: 'price',
      header: 'Price incl VAT',
      size: 120,
      meta: { align: 'right', sortField: 'price' },
      cell: ({ row }) => formatPrice(row.original.price),
    },
    {
      id: 'price_on_sale',
      header: 'Sale price incl VAT',
      size: 130,
      meta: { align: 'right' },
      cell: ({ row }) => formatPrice(row.original.price_on_sale),
    },
    {
      id: 'link',
      header: 'Link',
      size: 64,
      meta: { align: 'center' },
      cell: ({ row }) =>
        row.original.url ? (
          <a
            className="grid-icon-button"
            href={row.original.url}
            target="_blank"
            rel="noopener noreferrer"
            tabIndex={-1}
            title="Open in the shop"
            aria-label={`Open ${row.original.sku} in the shop`}
          >
            <OpenInNewIcon fontSize="small" />
          </a>
        ) : null,
    },
  ];
}

// ---- stocks view

function InventoryCell({ product }: { product: ProductResponse }) {
  const ctx = useColumnContext();
  const entry = ctx.inventories?.get(product.id);
  const actions = ctx.stockActions;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0, fontSize: 13 }} aria-label={`Stock per location of ${product.sku}`}>
        {ctx.inventories === undefined ? (
          <Typography variant="caption" color="text.secondary">
            Loading…
          </Typography>
        ) : (
          <>
            {entry?.inventories.map((row) => (
              <Box key={row.location_id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontVariantNumeric: 'tabular-nums' }}>
                <span>{row.abbreviation_slug}</span>
                <span>{formatQuantity(row.accumulated_quantity)}</span>
              </Box>
            ))}
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 1,
                fontWeight: 600,
                fontVariantNumeric: 'tabular-nums',
                borderTop: entry?.inventories.length ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              <span>Total</span>
              <span>{formatQuantity(entry?.total ?? 0)}</span>
            </Box>
          </>
        )}
      </Box>
      {actions ? (
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <Tooltip title="Edit transactions" placement="left">
            <IconButton size="small" tabIndex={-1} aria-label={`Edit transactions of ${product.sku}`} onClick={() => actions.onEdit(product)}>
              <EditNoteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Add transaction" placement="left">
            <IconButton size="small" tabIndex={-1} aria-label={`Add transaction for ${product.sku}`} onClick={() => actions.onAddTransaction(product)}>
              <AddCircleOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Move stock" placement="left">
            <IconButton size="small" tabIndex={-1} aria-label={`Move stock of ${product.sku}`} onClick={() => actions.onMove(product)}>
              <SwapHorizIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ) : null}
    </Box>
  );
}

const locationOptions = (ctx: ColumnContext): CellInput => ({
  kind: 'select',
  options: [{ value: '', label: 'No default location' }, ...ctx.locations.map((location) => ({ value: String(location.id), label: location.name }))],
});

const locationName = (id: number | null, ctx: ColumnContext) =>
  id === null ? '—' : (ctx.locations.find((location) => location.id === id)?.name ?? `Location ${id}`);

function stocksColumns(): GridColumn<ProductResponse>[] {
  const dimension = (id: 'packaging_length' | 'packaging_width' | 'packaging_height', name: string) =>
    productField({
      id,
      header: `${name} (cm)`,
      label: `${name} (mm)`,
      size: 100,
      input: { kind: 'number', ...NUMBER_INPUTS.millimetres, unit: 'mm' },
      value: (p) => numberText(p[id]),
      display: (p) => formatCm(p[id]),
      parse: parseMillimetres,
    });
  return [
    selectColumn(),
    skuAndNameColumn(),
    { id: 'inventory', header: 'Inventory', size: 200, cell: ({ row }) => <InventoryCell product={row.original} /> },
    {
      id: 'packaging',
      header: 'Packaging',
      meta: { align: 'center' },
      columns: [
        dimension('packaging_length', 'Length'),
        dimension('packaging_width', 'Width'),
        dimension('packaging_height', 'Height'),
        productField({
          id: 'packaging_weight',
          header: 'Weight (kg)',
          label: 'Weight (kg)',
          size: 110,
          input: { kind: 'number', ...NUMBER_INPUTS.weight, unit: 'kg' },
          value: (p) => numberText(p.packaging_weight),
          display: (p) => formatKg(p.packaging_weight),
          parse: parseWeight,
        }),
      ],
    },
    productField({
      id: 'default_location_id',
      header: 'Default location',
      label: 'Default location',
      size: 180,
      input: locationOptions,
      value: (p) => numberText(p.default_location_id),
      display: (p, ctx) => locationName(p.default_location_id, ctx),
      parse: parseLocation,
      message: MESSAGES.defaultLocationUpdated,
    }),
    productField({
      id: 'qty_restock_level',
      header: 'Restock level',
      label: 'Restock level',
      size: 110,
      input: { kind: 'number', ...NUMBER_INPUTS.quantity },
      value: (p) => String(p.qty_restock_level),
      display: (p) => formatQuantity(p.qty_restock_level),
      parse: parseQuantity,
    }),
    productField({
      id: 'qty_restock_amount',
      header: 'Restock quantity',
      label: 'Restock quantity',
      size: 120,
      input: { kind: 'number', ...NUMBER_INPUTS.quantity },
      value: (p) => String(p.qty_restock_amount),
      display: (p) => formatQuantity(p.qty_restock_amount),
      parse: parseQuantity,
    }),
  ];
}

// ---- prices view

function ProcurementDetails({ product }: { product: ProductResponse }) {
  const ctx = useColumnContext();
  if (ctx.procurement === undefined) {
    return (
      <Typography variant="caption" color="text.secondary">
        Loading…
      </Typography>
    );
  }
  const rows = ctx.procurement.get(product.id) ?? [];
  if (!rows.length) {
    return (
      <Typography variant="caption" color="text.secondary">
        No supplier products
      </Typography>
    );
  }
  return (
    <MiniTable
      label={`Procurement details of ${product.sku}`}
      head={['Supplier', 'Product', 'Price']}
      widths={[40, 32, 28]}
      rows={rows.map((row) => [
        <span key="supplier" title={row.supplier_name}>
          {row.supplier_name}
        </span>,
        <span key="product" title={`${row.sku} ${row.name}`}>
          {row.sku}
        </span>,
        formatAmount(row.cost_sek),
      ])}
    />
  );
}

function PriceDetails({ product }: { product: ProductResponse }) {
  const details = product.price_details;
  const line = (name: string, row: (typeof details)['sale']) => [name, formatWholeAmount(row.incl), formatWholeAmount(row.excl), formatAmount(row.margin)];
  return (
    <MiniTable
      label={`Price details of ${product.sku}`}
      head={['SEK', 'Incl', 'Excl', 'Margin']}
      widths={[27, 21, 21, 31]}
      rows={[line('Sale', details.sale), line('Manual', details.manual), line('Auto', details.auto)]}
    />
  );
}

const signed = (value: number | null, text: string) => (
  <Box component="span" sx={{ color: value !== null && value < 0 ? 'error.main' : undefined, fontVariantNumeric: 'tabular-nums' }}>
    {text}
  </Box>
);

function pricesColumns(): GridColumn<ProductResponse>[] {
  return [
    selectColumn(),
    skuAndNameColumn(),
    { id: 'procurement', header: 'Procurement details', size: 280, cell: ({ row }) => <ProcurementDetails product={row.original} /> },
    { id: 'price_details', header: 'Price details', size: 270, cell: ({ row }) => <PriceDetails product={row.original} /> },
    productField({
      id: 'cost_shipping',
      header: 'Shipping cost',
      label: 'Shipping cost',
      size: 110,
      input: { kind: 'number', ...NUMBER_INPUTS.money },
      value: (p) => String(p.cost_shipping),
      display: (p) => formatMoney(p.cost_shipping),
      parse: parseMoney,
    }),
    productField({
      id: 'cost_packaging_labour',
      header: 'Packaging labour',
      label: 'Packaging labour',
      size: 110,
      input: { kind: 'number', ...NUMBER_INPUTS.packagingCost },
      value: (p) => String(p.cost_packaging_labour),
      display: (p) => formatMoney(p.cost_packaging_labour),
      parse: parsePackagingCost,
    }),
    productField({
      id: 'cost_packaging_material',
      header: 'Packaging material',
      label: 'Packaging material',
      size: 110,
      input: { kind: 'number', ...NUMBER_INPUTS.packagingCost },
      value: (p) => String(p.cost_packaging_material),
      display: (p) => formatMoney(p.cost_packaging_material),
      parse: parsePackagingCost,
    }),
    productField({
      id: 'price_manual_override',
      header: 'Price override',
      label: 'Price override',
      size: 120,
      input: { kind: 'number', ...NUMBER_INPUTS.money },
      value: (p) => numberText(p.price_manual_override),
      display: (p) => formatPrice(p.price_manual_override),
      parse: parseOptionalMoney,
    }),
    productField({
      id: 'price_on_sale',
      header: 'Sale price',
      label: 'Sale price',
      size: 110,
      input: { kind: 'number', ...NUMBER_INPUTS.money },
      value: (p) => numberText(p.price_on_sale),
      display: (p) => formatPrice(p.price_on_sale),
      parse: parseOptionalMoney,
    }),
    {
      id: 'margin',
      header: 'Margin',
      size: 110,
      meta: { align: 'right', sortField: 'margin' },
      cell: ({ row }) => signed(row.original.margin, formatMoney(row.original.margin)),
    },
    {
      id: 'margin_percent',
      header: 'Percent',
      size: 90,
      meta: { align: 'right', sortField: 'margin_percent' },
      cell: ({ row }) => signed(row.original.margin_percent, formatPercent(row.original.margin_percent)),
    },
  ];
}

// ---- bulk edit view

function LongText({ text, label }: { text: string; label: string }) {
  const plain = plainText(text);
  if (!plain) {
    return (
      <Typography variant="caption" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <Tooltip title={<Box sx={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>{plain}</Box>} placement="bottom-start">
      <Box
        aria-label={label}
        sx={{ fontSize: 13, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', color: 'text.secondary' }}
      >
        {plain}
      </Box>
    </Tooltip>
  );
}

/** The chosen language's description of a product, when the view's toggles show it. */
const shownDescription = (product: ProductResponse, ctx: ColumnContext) => {
  const description = ctx.descriptions?.get(product.id);
  return description && ctx.showDescription(description) ? description : undefined;
};

function DescriptionFieldCell({
  product,
  field,
  header,
  multiline,
}: {
  product: ProductResponse;
  field: DescriptionField;
  header: string;
  multiline: boolean;
}) {
  const ctx = useColumnContext();
  if (!ctx.descriptions) {
    return (
      <Typography variant="caption" color="text.secondary">
        Loading…
      </Typography>
    );
  }
  const description = ctx.descriptions.get(product.id);
  // A product without a description in the language gets one (POST); one the toggles hide is not edited blind.
  if (description && !ctx.showDescription(description)) {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {description.machine_translation ? 'Machine translation hidden' : 'Original content hidden'}
      </Typography>
    );
  }
  const value = description?.[field] ?? '';
  return (
    <EditableCell
      rowId={rowId(product)}
      columnId={field}
      label={`${header} of ${product.sku}`}
      display={
        value ? (
          <Box component="span" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {value}
          </Box>
        ) : (
          <Typography component="span" variant="caption" color="text.disabled">
            Empty
          </Typography>
        )
      }
      value={value}
      input={{ kind: 'text', multiline }}
      parse={(text) => ({ ok: true, value: text.trim() })}
      onSave={(next) => ctx.onSaveDescription(product, description, { [field]: next })}
    />
  );
}

function NameCell({ product }: { product: ProductResponse }) {
  const ctx = useColumnContext();
  return (
    <EditableCell
      rowId={rowId(product)}
      columnId="name"
      label={`Name of ${product.sku}`}
      display={
        <>
          <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
            {product.sku}
          </Typography>
          {product.name}
        </>
      }
      value={product.name}
      input={{ kind: 'text' }}
      parse={parseName}
      onSave={(name) => ctx.onSaveProduct(product, { name })}
    />
  );
}

function DescriptionText({ product, field, label }: { product: ProductResponse; field: 'content' | 'excerpt'; label: string }) {
  const ctx = useColumnContext();
  return <LongText text={shownDescription(product, ctx)?.[field] ?? ''} label={`${label} of ${product.sku}`} />;
}

const metaField = (field: DescriptionField, header: string, size: number, multiline = false): GridColumn<ProductResponse> => ({
  id: field,
  header,
  size,
  cell: ({ row }) => <DescriptionFieldCell product={row.original} field={field} header={header} multiline={multiline} />,
});

function bulkColumns(): GridColumn<ProductResponse>[] {
  return [
    selectColumn(),
    { id: 'name', header: 'Name', size: 230, meta: { grow: true, sticky: true }, cell: ({ row }) => <NameCell product={row.original} /> },
    metaField('meta_title', 'Meta title', 190),
    metaField('meta_keywords', 'Meta keywords', 180),
    metaField('meta_description', 'Meta description', 230, true),
    {
      id: 'content',
      header: 'Full description',
      size: 250,
      cell: ({ row }) => <DescriptionText product={row.original} field="content" label="Full description" />,
    },
    {
      id: 'excerpt',
      header: 'Short description',
      size: 210,
      cell: ({ row }) => <DescriptionText product={row.original} field="excerpt" label="Short description" />,
    },
  ];
}

/** The column set of each view (spec §2 "Catalog product grid"), with a selection column first. */
export function productColumns(view: CatalogView): GridColumn<ProductResponse>[] {
  switch (view) {
    case 'stocks':
      return stocksColumns();
    case 'prices':
      return pricesColumns();
    case 'bulk':
      return bulkColumns();
    default:
      return defaultColumns();
  }
}

/** A first guess at each view's row height, before rows are measured. */
export const ESTIMATED_ROW_HEIGHT: Record<CatalogView, number> = { default: 53, stocks: 110, prices: 100, bulk: 80 };
