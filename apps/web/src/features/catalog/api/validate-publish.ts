import type { PublishBody, PublishValidationResponse } from '@kontor/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

/** POST /catalog/products/publish/validate/: how many products a publish would send and why the rest would be rejected. Writes nothing. */
export const validatePublish = (body: PublishBody, signal?: AbortSignal) =>
  api.post<PublishValidationResponse>('/catalog/products/publish/validate/', body, { signal });

/** The report for the dialog's current choice; a new choice asks again while the last report stays on screen. */
export function usePublishValidation(body: PublishBody) {
  return useQuery({
    queryKey: catalogKeys.publishValidation(body),
    queryFn: ({ signal }) => validatePublish(body, signal),
    placeholderData: keepPreviousData,
    // The catalog changes between two openings of the dialog: a closed dialog's reports are not kept.
    gcTime: 0,
  });
}
