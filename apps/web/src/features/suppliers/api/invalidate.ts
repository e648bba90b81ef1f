import type { QueryClient } from '@tanstack/react-query';
import { IMPORT_TOUCHED_ROOTS, SUPPLIER_TOUCHED_ROOTS, suppliersKeys } from './query-keys';

/** A supplier change shows in the supplier list, every supplier select and every list that shows a supplier's name. */
export const invalidateSuppliers = (queryClient: QueryClient) =>
  Promise.all(
    [suppliersKeys.suppliers, suppliersKeys.supplierOptionsRoot, suppliersKeys.feeds, ...SUPPLIER_TOUCHED_ROOTS].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** A feed change or a finished import changes the feeds list and the suppliers' counts of feeds and products. */
export const invalidateFeeds = (queryClient: QueryClient) =>
  Promise.all([suppliersKeys.feeds, suppliersKeys.suppliers].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** A finished import: the feeds (last run, last result), the suppliers' product counts, and the lists it filled. */
export const invalidateAfterImport = (queryClient: QueryClient) =>
  Promise.all([invalidateFeeds(queryClient), ...IMPORT_TOUCHED_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))]);
