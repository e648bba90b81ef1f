import type { QueryClient } from '@tanstack/react-query';

export type ImageListParams = { classification: string; search: string; page: number };

export const imageKeys = {
  all: ['catalog-images'] as const,
  list: (params: ImageListParams) => [...imageKeys.all, 'list', params] as const,
  detail: (id: number) => [...imageKeys.all, 'detail', id] as const,
  classifications: ['catalog-image-classifications'] as const,
  productImages: (imageId: number) => [...imageKeys.all, 'product-images', imageId] as const,
};

/** Images, their attachments and the classification counts change together. */
export const invalidateImages = (queryClient: QueryClient) =>
  Promise.all([imageKeys.all, imageKeys.classifications].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
