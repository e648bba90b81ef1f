import type { CatalogCategoryResponse, CreateCatalogCategoryBody, MoveCatalogCategoryBody, UpdateCatalogCategoryBody } from '@kontor/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogCategoriesKeys } from './query-keys';

/** Any write can renumber the whole tree (order, lft/rght), so the tree is read again. */
const refetchTree = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: catalogCategoriesKeys.categories });

/** POST /catalog/categories/ -> 201 */
export const createCategory = (body: CreateCatalogCategoryBody) => api.post<CatalogCategoryResponse>('/catalog/categories/', body);

/** PATCH /catalog/categories/{id}/: only the fields sent change; procurement_category_ids as ids (spec §7). */
export const updateCategory = ({ id, body }: { id: number; body: UpdateCatalogCategoryBody }) =>
  api.patch<CatalogCategoryResponse>(`/catalog/categories/${id}/`, body);

/** POST /catalog/categories/{id}/move/ {parent, position}. */
export const moveCategory = ({ id, body }: { id: number; body: MoveCatalogCategoryBody }) =>
  api.post<CatalogCategoryResponse>(`/catalog/categories/${id}/move/`, body);

/** DELETE /catalog/categories/{id}/ -> 204; with reassign_to, its products move there first. */
export const deleteCategory = ({ id, reassignTo }: { id: number; reassignTo?: number | undefined }) =>
  api.delete(`/catalog/categories/${id}/`, { query: reassignTo === undefined ? {} : { reassign_to: reassignTo } });

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => refetchTree(queryClient) });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSuccess: () => refetchTree(queryClient) });
}

export function useMoveCategory() {
  const queryClient = useQueryClient();
  // Refetched on failure too: a refused move may mean someone else changed the tree meanwhile.
  return useMutation({ mutationFn: moveCategory, onSettled: () => refetchTree(queryClient) });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  // Refetched on failure too: a delete refused because products were added meanwhile (409) must
  // show the category's new product count, so the dialog asks where they go.
  return useMutation({ mutationFn: deleteCategory, onSettled: () => refetchTree(queryClient) });
}
