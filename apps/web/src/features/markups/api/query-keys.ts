export type MarkupListParams = { search: string; page: number };

/**
 * One root per kind of server data. 'products' is the catalog's root: a markup change
 * reprices the company's products, so the grid and the edit screen refetch from it.
 */
export const markupsKeys = {
  markups: ['catalog-markups'] as const,
  markupList: (params: MarkupListParams) => [...markupsKeys.markups, 'list', params] as const,
  productTypes: ['product-types'] as const,
  products: ['products'] as const,
};
