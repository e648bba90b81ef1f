import { DEFAULT_DESCRIPTION_LANGUAGE, type BulkDescriptionPage, type BulkDescriptionPatch, type BulkDescriptionRow, type Language } from '@kontor/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/lib/api-client';
import { bulkDescriptionKeys, type BulkDescriptionListParams } from './query-keys';

/** Spec §7: PATCH {product id}/ on the bulk route writes fields of the product's description in one language. */
export const saveDescription = ({ product, body }: { product: number; body: BulkDescriptionPatch }) =>
  api.patch<BulkDescriptionRow>(`/catalog/product_descriptions_bulk/${product}/`, body);

const languageOf = (queryKey: readonly unknown[]) => (queryKey[2] as BulkDescriptionListParams | undefined)?.language;

type SavedField = Exclude<keyof BulkDescriptionPatch, 'language'>;
const savedFieldsOf = (body: BulkDescriptionPatch) =>
  (Object.keys(body) as (keyof BulkDescriptionPatch)[]).filter((key): key is SavedField => key !== 'language');

/**
 * The answer is the row as the server had it when it stored this save. Saves of one product run
 * side by side (Tab from cell to cell), and their answers can arrive in any order, so an answer
 * writes into the cached row only the fields it saved and is still the latest save of; the rest of
 * the cached row stays as newer answers left it.
 */
function mergeRow(cached: BulkDescriptionRow, saved: BulkDescriptionRow, fields: readonly SavedField[]): BulkDescriptionRow {
  if (!cached.description || !saved.description) return saved;
  const description = { ...cached.description, id: saved.description.id };
  for (const field of fields) Object.assign(description, { [field]: saved.description[field] });
  return { ...saved, description };
}

/**
 * Replaces the row in every cached page of the same language, so the grid updates without a
 * refetch. Pages of other languages list the product's languages too; they are only marked stale.
 */
function storeRow(queryClient: QueryClient, saved: BulkDescriptionRow, language: Language, fields: readonly SavedField[]) {
  for (const [queryKey, page] of queryClient.getQueriesData<BulkDescriptionPage>({ queryKey: bulkDescriptionKeys.root })) {
    if (!page || languageOf(queryKey) !== language) continue;
    queryClient.setQueryData<BulkDescriptionPage>(queryKey, {
      ...page,
      results: page.results.map((row) => (row.id === saved.id ? mergeRow(row, saved, fields) : row)),
    });
  }
  return queryClient.invalidateQueries({ queryKey: bulkDescriptionKeys.root, predicate: (query) => languageOf(query.queryKey) !== language });
}

let lastSaveId = 0;

export function useSaveDescription() {
  const queryClient = useQueryClient();
  // Per product, language and field: the id of the latest save that wrote it.
  const latest = useRef(new Map<string, number>());
  const keyOf = (product: number, language: Language, field: SavedField) => `${product}|${language}|${field}`;
  return useMutation({
    mutationFn: saveDescription,
    onMutate: ({ product, body }) => {
      const saveId = ++lastSaveId;
      const language = body.language ?? DEFAULT_DESCRIPTION_LANGUAGE;
      for (const field of savedFieldsOf(body)) latest.current.set(keyOf(product, language, field), saveId);
      return { saveId };
    },
    onSuccess: (saved, { product, body }, { saveId }) => {
      const language = body.language ?? DEFAULT_DESCRIPTION_LANGUAGE;
      const current = savedFieldsOf(body).filter((field) => latest.current.get(keyOf(product, language, field)) === saveId);
      return Promise.all([
        storeRow(queryClient, saved, language, current),
        queryClient.invalidateQueries({ queryKey: bulkDescriptionKeys.products }),
        queryClient.invalidateQueries({ queryKey: bulkDescriptionKeys.catalogDescriptions }),
      ]);
    },
  });
}
