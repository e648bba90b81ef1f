import type { Language, ProductCountQuery, PublishBody } from '@kontor/contract';

/** The grid's filters as they stand in the URL (spec §4, §9); every value is a string, '' = not filtered. */
export const PRODUCT_FILTERS = [
  'search',
  'margin_band',
  'synced_to_ecommerce',
  'has_procurement_products',
  'mapped_to_procurement',
  'low_stock',
  'price_override',
  'negative_margin',
  'edited',
  'created_at__gte',
  'created_at__lte',
  'updated_at__gte',
  'updated_at__lte',
  'product_type',
  'supplier',
] as const;
export type ProductFilterName = (typeof PRODUCT_FILTERS)[number];
export type ProductFilters = Record<ProductFilterName, string>;
/** `ordering` is the API's (`sku`, `-price`, ...). */
export type ProductListParams = { filters: ProductFilters; page: number; limit: number; ordering: string };

export type DescriptionListParams = { productIds: readonly number[]; language?: Language };

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

/**
 * One factory for the catalog's server data. 'products' is the root every feature files catalog
 * products under (the inventory's stock changes and procurement's add-to-catalog invalidate it),
 * so the grid, a product and the dashboard counts refresh with them.
 */
export const catalogKeys = {
  products: ['products'] as const,
  productLists: () => [...catalogKeys.products, 'catalog-list'] as const,
  productList: (params: ProductListParams) => [...catalogKeys.productLists(), params] as const,
  product: (id: number) => [...catalogKeys.products, 'detail', id] as const,
  productCount: (f: ProductCountQuery['f']) => [...catalogKeys.products, 'count', f] as const,
  productTypes: ['product-types'] as const,
  descriptions: ['product-descriptions'] as const,
  descriptionList: (params: DescriptionListParams) => [...catalogKeys.descriptions, 'list', sortedIds(params.productIds), params.language ?? ''] as const,
  /** Under the inventory root: a stock change elsewhere refreshes the stocks view's per-location quantities. */
  inventories: (productIds: readonly number[]) => ['inventories', 'catalog', sortedIds(productIds)] as const,
  /** Under the procurement products root: adding supplier products to the catalog changes the prices view's table. */
  procurementData: (productIds: readonly number[]) => ['procurement-products', 'for-catalog', sortedIds(productIds)] as const,
  /** Under the file URLs root: a link added or changed on the file URLs screen refreshes the product's panel. */
  productFileUrls: (productId: number) => ['catalog-file-urls', 'for-product', productId] as const,
  /** Under the products root: any change to the products can change what a publish would reject. */
  publishValidation: (body: PublishBody) => [...catalogKeys.products, 'publish-validation', body] as const,
  /** Outside the products root: refreshing the products after a publish must not ask the finished job again. */
  publishJob: (id: number) => ['jobs', 'catalog-publish', id] as const,
  productTaxonomies: (productId: number) => [...catalogKeys.products, 'taxonomies', productId] as const,
  /** The notifications feature's root (the bell and the lists): a finished publish job writes a notification. */
  notifications: ['notifications'] as const,
  /**
   * Other features' roots that show catalog products' names or descriptions: a rename, a saved
   * description or a delete in the grid refreshes them (they would show the old copy for 30 s).
   */
  bulkDescriptions: ['bulk-descriptions'] as const,
  stocktaking: ['stocktaking'] as const,
  transactions: ['inventory-transactions'] as const,
  /** The supplier products screen: a deleted catalog product leaves its supplier products unmapped. */
  procurementProducts: ['procurement-products'] as const,
  locationOptions: ['inventory-locations', 'catalog-options'] as const,
  supplierOptions: ['catalog', 'supplier-options'] as const,
};
