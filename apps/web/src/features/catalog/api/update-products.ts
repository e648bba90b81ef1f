import type { BulkUpdateProductsBody, Page, ProductResponse } from '@kontor/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** PUT /catalog/products/ {products:[{id, ...changed fields}]}: all rows are applied or none (400 keyed `products.<i>.<field>`). */
export const updateProducts = (body: BulkUpdateProductsBody) => api.put<{ products: ProductResponse[] }>('/catalog/products/', body);

/** The saved rows replace their old copies at once, so an edited cell never flashes its old value while the lists refetch. */
const writeThrough = (queryClient: QueryClient, saved: ProductResponse[]) => {
  const byId = new Map(saved.map((product) => [product.id, product]));
  for (const product of saved) queryClient.setQueryData(catalogKeys.product(product.id), product);
  queryClient.setQueriesData<Page<ProductResponse>>({ queryKey: catalogKeys.productLists() }, (page) =>
    page ? { ...page, results: page.results.map((row) => byId.get(row.id) ?? row) } : page,
  );
};

export function useUpdateProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProducts,
    onSuccess: ({ products }, body) => {
      writeThrough(queryClient, products);
      // A change can move a product in or out of a filtered page (margin band, price override...) and changes the counts.
      // A new name shows on the screens that list products by name.
      const renamed = body.products.some((patch) => patch.name !== undefined);
      const roots = [catalogKeys.products, ...(renamed ? [catalogKeys.bulkDescriptions, catalogKeys.stocktaking, catalogKeys.transactions] : [])];
      return Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
