import type { QueryClient } from '@tanstack/react-query';

export type ProcurementProductListParams = {
  wishlist: string;
  mapped: string;
  from: string;
  to: string;
  supplier: string;
  search: string;
  page: number;
};
export type CategoryListParams = { supplier: string; search: string; page: number };

/** One root per kind of server data this feature reads. */
export const procurementKeys = {
  products: ['procurement-products'] as const,
  productList: (params: ProcurementProductListParams) => [...procurementKeys.products, 'list', params] as const,
  suppliers: ['supplier-options'] as const,
  categories: ['procurement-categories'] as const,
  categoryList: (params: CategoryListParams) => [...procurementKeys.categories, 'list', params] as const,
  category: (id: number) => [...procurementKeys.categories, 'detail', id] as const,
  parentOptions: (supplier: number, search: string) => [...procurementKeys.categories, 'parent-options', supplier, search] as const,
  catalogCategories: ['catalog-categories'] as const,
  catalogCategorySearch: (search: string) => [...procurementKeys.catalogCategories, 'search', search] as const,
  catalogCategoriesByIds: (ids: readonly number[]) => [...procurementKeys.catalogCategories, 'ids', [...ids].sort((a, b) => a - b).join(',')] as const,
};

/**
 * The catalog's product lists (grid, inventory, pickers) live under this root in every feature;
 * adding supplier products to the catalog makes them stale. A key, not an import of that feature.
 */
export const CATALOG_PRODUCTS_ROOT = ['products'] as const;

/**
 * Adding to the catalog maps the supplier products and creates catalog products, placed in the
 * catalog categories their supplier categories map to (the categories screen counts their products).
 */
export const invalidateAfterAddToCatalog = (queryClient: QueryClient) =>
  Promise.all(
    [procurementKeys.products, CATALOG_PRODUCTS_ROOT, procurementKeys.catalogCategories].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
