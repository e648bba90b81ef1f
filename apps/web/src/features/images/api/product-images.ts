import { MAX_PAGE_SIZE, type ProductImagePage, type ProductImageResponse, type ProductLiteResponse, type Page } from '@kontor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { imageKeys, invalidateImages } from './query-keys';

const PATH = '/catalog/product_images/';

/** The products an image is attached to, with their attachment ids (needed to detach). */
export function useProductImagesOf(imageId: number) {
  return useQuery({
    queryKey: imageKeys.productImages(imageId),
    queryFn: ({ signal }) => api.get<ProductImagePage>(PATH, { query: { image: imageId, limit: MAX_PAGE_SIZE }, signal }),
    select: (page) => page.results,
  });
}

/** Names of products by id (an attachment carries only the id). */
export function useProductsById(ids: number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...imageKeys.all, 'products-by-id', sorted],
    queryFn: ({ signal }) => api.get<Page<ProductLiteResponse>>('/catalog/products2/', { query: { id__in: sorted.join(','), limit: sorted.length }, signal }),
    select: (page) => new Map(page.results.map((p) => [p.id, p])),
    enabled: sorted.length > 0,
  });
}

export function useAttachToProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { product: number; image: number }) => api.post<ProductImageResponse>(PATH, body),
    onSuccess: () => invalidateImages(queryClient),
  });
}

export function useDetachFromProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.delete(`${PATH}${id}/`), onSuccess: () => invalidateImages(queryClient) });
}
