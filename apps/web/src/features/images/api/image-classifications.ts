import { MAX_PAGE_SIZE, type ImageClassificationPage, type ImageClassificationResponse } from '@kontor/contract';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { imageKeys, invalidateImages } from './query-keys';

const PATH = '/catalog/image_classifications/';

/** Every classification of the company, by title: a company has a handful, the API caps a page at MAX_PAGE_SIZE. */
export function useImageClassifications() {
  return useQuery({
    queryKey: imageKeys.classifications,
    queryFn: ({ signal }) => api.get<ImageClassificationPage>(PATH, { query: { limit: MAX_PAGE_SIZE }, signal }),
    select: (page) => page.results,
  });
}

/** A rename changes the title on every image card; a delete leaves images unclassified. */
function useClassificationMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: imageKeys.classifications, mutationFn, onSuccess: () => invalidateImages(queryClient) });
}

/** Whether an add, rename or delete of a classification is on its way (the dialog stays open meanwhile). */
export const useSavingClassifications = () => useIsMutating({ mutationKey: imageKeys.classifications }) > 0;

export const useCreateClassification = () => useClassificationMutation((title: string) => api.post<ImageClassificationResponse>(PATH, { title }));
export const useRenameClassification = () =>
  useClassificationMutation(({ id, title }: { id: number; title: string }) => api.put<ImageClassificationResponse>(`${PATH}${id}/`, { title }));
export const useDeleteClassification = () => useClassificationMutation((id: number) => api.delete(`${PATH}${id}/`));
