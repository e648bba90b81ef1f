import type { BulkDescriptionRow, DescriptionCopyField } from '@kontor/contract';

export type GridColumn =
  | { key: 'sku' | 'product'; label: string; width: number; editable: false }
  | { key: DescriptionCopyField; label: string; width: number; editable: true; multiline: boolean };

/** The grid's columns after the row checkbox, in order; arrow keys and Tab move through these. */
export const GRID_COLUMNS: readonly GridColumn[] = [
  { key: 'sku', label: 'SKU', width: 120, editable: false },
  { key: 'product', label: 'Product', width: 200, editable: false },
  { key: 'name', label: 'Name', width: 200, editable: true, multiline: false },
  { key: 'meta_title', label: 'Meta title', width: 200, editable: true, multiline: false },
  { key: 'meta_description', label: 'Meta description', width: 240, editable: true, multiline: true },
  { key: 'meta_keywords', label: 'Meta keywords', width: 180, editable: true, multiline: false },
  { key: 'excerpt', label: 'Excerpt', width: 220, editable: true, multiline: true },
  { key: 'content', label: 'Content', width: 280, editable: true, multiline: true },
];

export const COPY_LABELS: Record<DescriptionCopyField, string> = {
  name: 'Name',
  meta_title: 'Meta title',
  meta_description: 'Meta description',
  meta_keywords: 'Meta keywords',
  excerpt: 'Excerpt',
  content: 'Content',
};

/** A cell's full value: the product's own fields, or its description's (empty while it has none in the language). */
export function cellValue(row: BulkDescriptionRow, column: GridColumn): string {
  if (column.key === 'sku') return row.sku;
  if (column.key === 'product') return row.name;
  return row.description?.[column.key] ?? '';
}

/** How a long value reads in a cell: tags dropped, whitespace folded, cut to a line or two. */
export function cellPreview(value: string, max = 140): string {
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
