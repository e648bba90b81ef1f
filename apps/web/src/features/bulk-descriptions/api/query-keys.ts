import type { Language } from '@kontor/contract';

export type BulkDescriptionListParams = { language: Language; search: string; page: number; pageSize: number };

/**
 * 'products' is the catalog's root key: a saved description marks its product edited, so the
 * catalog grid (edited filter, edited_at) refetches from it.
 */
export const bulkDescriptionKeys = {
  root: ['bulk-descriptions'] as const,
  list: (params: BulkDescriptionListParams) => [...bulkDescriptionKeys.root, 'list', params] as const,
  products: ['products'] as const,
};
