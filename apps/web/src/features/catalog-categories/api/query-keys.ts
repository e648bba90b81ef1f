/** One root per kind of server data this screen reads. */
export const catalogCategoriesKeys = {
  categories: ['catalog-categories'] as const,
  tree: () => [...catalogCategoriesKeys.categories, 'tree'] as const,
  procurementCategories: ['procurement-categories'] as const,
  procurementSearch: (search: string) => [...catalogCategoriesKeys.procurementCategories, 'category-options', search] as const,
  procurementByIds: (ids: readonly number[]) => [...catalogCategoriesKeys.procurementCategories, 'category-options', 'ids', ...ids] as const,
};
