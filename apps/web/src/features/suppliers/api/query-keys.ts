export type SupplierListParams = { search: string; page: number };
export type FeedListParams = { supplier: string; search: string; page: number };
export type GlobalSupplierListParams = { search: string; page: number };
export type GlobalProductListParams = { supplier: number; search: string; page: number };

/**
 * One root per kind of server data. `supplierOptions` sits under 'supplier-options', the root
 * every supplier select of the app uses, so a supplier added here shows in those selects too.
 */
export const suppliersKeys = {
  suppliers: ['procurement-suppliers'] as const,
  supplierList: (params: SupplierListParams) => [...suppliersKeys.suppliers, 'list', params] as const,
  supplierOptionsRoot: ['supplier-options'] as const,
  supplierOptions: () => [...suppliersKeys.supplierOptionsRoot, 'all'] as const,
  currencies: ['currencies'] as const,
  feeds: ['procurement-feeds'] as const,
  feedList: (params: FeedListParams) => [...suppliersKeys.feeds, 'list', params] as const,
  job: (id: number) => ['jobs', id] as const,
  globalSuppliers: ['suppliers-global'] as const,
  globalSupplierList: (params: GlobalSupplierListParams) => [...suppliersKeys.globalSuppliers, 'list', params] as const,
  globalSupplier: (id: number) => [...suppliersKeys.globalSuppliers, 'detail', id] as const,
  globalProductList: (params: GlobalProductListParams) => [...suppliersKeys.globalSuppliers, 'products', params] as const,
};

/**
 * What a finished import changes beyond this feature: the procurement product grid, the
 * supplier category tree (built from the feed's category paths), the catalog products mapped to
 * the imported ones (their procurement cost, so prices and margins) and the notifications (an
 * import writes one). Keys, not imports of those features.
 */
export const IMPORT_TOUCHED_ROOTS = [['procurement-products'], ['procurement-categories'], ['products'], ['notifications']] as const;

/**
 * Where other features keep what a supplier change (added, renamed, deleted) makes stale: their
 * supplier selects (purchase orders, the catalog's supplier filter) and the rows that show a
 * supplier's name (supplier products and categories, purchase orders, the catalog's procurement
 * details). Keys, not imports of those features.
 */
export const SUPPLIER_TOUCHED_ROOTS = [
  ['suppliers'],
  ['catalog', 'supplier-options'],
  ['procurement-products'],
  ['procurement-categories'],
  ['procurement-orders'],
  ['products'],
] as const;
