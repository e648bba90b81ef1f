import type { ProcurementProductPage } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { procurementImageKeys } from './query-keys';

const PICKER_LIMIT = 20;

/** GET /procurement/products/?search= : supplier products to attach images to. */
export const fetchProcurementProducts = (query: { search?: string; id__in?: string; limit: number }, signal?: AbortSignal) =>
  api.get<ProcurementProductPage>('/procurement/products/', { query, signal });

export const procurementProductPickerQueryOptions = (search: string) =>
  queryOptions({
    queryKey: procurementImageKeys.productPicker(search),
    queryFn: ({ signal }) => fetchProcurementProducts({ search, limit: PICKER_LIMIT }, signal),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
  });

export function useProcurementProductPicker(search: string, enabled: boolean) {
  return useQuery({ ...procurementProductPickerQueryOptions(search), enabled });
}

/** One procurement product by id (the filter's value from the URL). */
export const procurementProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: procurementImageKeys.product(id),
    queryFn: ({ signal }) => fetchProcurementProducts({ id__in: String(id), limit: 1 }, signal),
    select: (page) => page.results[0] ?? null,
    enabled: id > 0,
  });

export function useProcurementProduct(id: number) {
  return useQuery(procurementProductQueryOptions(id));
}
