import type { Language } from '@kontor/contract';

export type BulkDescriptionListParams = { language: Language; search: string; page: number; pageSize: number };

/**
 * 'products' is the catalog's root key: a saved description marks its product edited, so the
 * catalog grid (edited filter, edited_at) refetches from it. 'product-descriptions' is the
 * catalog's own copy of the descriptions (its grid's bulk edit view, the product screen): left
 * stale, it showed the old copy and, for a description created here, offered to create it again.
 */
export const bulkDescriptionKeys = {
  root: ['bulk-descriptions'] as const,
  list: (params: BulkDescriptionListParams) => [...bulkDescriptionKeys.root, 'list', params] as const,
  products: ['products'] as const,
  catalogDescriptions: ['product-descriptions'] as const,
};
