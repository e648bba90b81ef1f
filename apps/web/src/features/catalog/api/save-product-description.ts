import type { CreateProductDescriptionBody, ProductDescriptionResponse, UpdateProductDescriptionBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** POST /catalog/product_descriptions/ -> 201; 400 when the product already has one in that language. */
export const createProductDescription = (body: CreateProductDescriptionBody) => api.post<ProductDescriptionResponse>('/catalog/product_descriptions/', body);

/** PUT /catalog/product_descriptions/{id}/ with the fields that change. */
export const updateProductDescription = (id: number, body: UpdateProductDescriptionBody) =>
  api.put<ProductDescriptionResponse>(`/catalog/product_descriptions/${id}/`, body);

/** A product has at most one description per language: create it the first time, update it after. */
export type SaveProductDescriptionInput = { id: number; body: UpdateProductDescriptionBody } | { id: null; body: CreateProductDescriptionBody };

export const saveProductDescription = (input: SaveProductDescriptionInput) =>
  input.id === null ? createProductDescription(input.body) : updateProductDescription(input.id, input.body);

export function useSaveProductDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProductDescription,
    // The bulk description editor shows the same descriptions.
    onSuccess: () => Promise.all([catalogKeys.descriptions, catalogKeys.bulkDescriptions].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
