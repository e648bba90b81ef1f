import { DEFAULT_DESCRIPTION_LANGUAGE, type BulkDescriptionPage, type BulkDescriptionPatch, type BulkDescriptionRow, type Language } from '@kontor/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bulkDescriptionKeys, type BulkDescriptionListParams } from './query-keys';

/** Spec §7: PATCH {product id}/ on the bulk route writes fields of the product's description in one language. */
export const saveDescription = ({ product, body }: { product: number; body: BulkDescriptionPatch }) =>
  api.patch<BulkDescriptionRow>(`/catalog/product_descriptions_bulk/${product}/`, body);

const languageOf = (queryKey: readonly unknown[]) => (queryKey[2] as BulkDescriptionListParams | undefined)?.language;

/**
 * The answer is the row as the list shows it: it replaces the row in every cached page of the same
 * language, so the grid updates without a refetch. Pages of other languages list the product's
 * languages too; they are only marked stale.
 */
function storeRow(queryClient: QueryClient, saved: BulkDescriptionRow, language: Language) {
  for (const [queryKey, page] of queryClient.getQueriesData<BulkDescriptionPage>({ queryKey: bulkDescriptionKeys.root })) {
    if (!page || languageOf(queryKey) !== language) continue;
    queryClient.setQueryData<BulkDescriptionPage>(queryKey, { ...page, results: page.results.map((row) => (row.id === saved.id ? saved : row)) });
  }
  return queryClient.invalidateQueries({ queryKey: bulkDescriptionKeys.root, predicate: (query) => languageOf(query.queryKey) !== language });
}

export function useSaveDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDescription,
    onSuccess: (saved, { body }) =>
      Promise.all([
        storeRow(queryClient, saved, body.language ?? DEFAULT_DESCRIPTION_LANGUAGE),
        queryClient.invalidateQueries({ queryKey: bulkDescriptionKeys.products }),
      ]),
  });
}
