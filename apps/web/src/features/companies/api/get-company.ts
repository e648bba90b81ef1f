import type { CompanyResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './query-keys';

/** GET /users/companies/{id}/ */
export const fetchCompany = (id: number, signal?: AbortSignal) => api.get<CompanyResponse>(`/users/companies/${id}/`, { signal });

export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => fetchCompany(id, signal),
  });

export function useCompany(id: number) {
  return useQuery(companyQueryOptions(id));
}
