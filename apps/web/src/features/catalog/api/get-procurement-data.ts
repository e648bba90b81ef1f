import type { ProcurementOrderAndBackorderDataResponse } from '@kontor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './query-keys';

type ProcurementRow = ProcurementOrderAndBackorderDataResponse['result']['procurement_products'][number];

/** GET /procurement/products/with_procurement_order_and_backorder_data/?product_ids=: the supplier products mapped to a page of catalog products. */
export const fetchProcurementData = (productIds: readonly number[], signal?: AbortSignal) =>
  api.get<ProcurementOrderAndBackorderDataResponse>('/procurement/products/with_procurement_order_and_backorder_data/', {
    query: { product_ids: productIds.join(',') },
    signal,
  });

/** The supplier products grouped by the catalog product they are mapped to. */
export const procurementDataQueryOptions = (productIds: readonly number[]) =>
  queryOptions({
    queryKey: catalogKeys.procurementData(productIds),
    queryFn: ({ signal }) => fetchProcurementData(productIds, signal),
    select: (response) => {
      const byProduct = new Map<number, ProcurementRow[]>();
      for (const row of response.result.procurement_products) {
        if (row.catalog_product === null) continue;
        byProduct.set(row.catalog_product, [...(byProduct.get(row.catalog_product) ?? []), row]);
      }
      return byProduct;
    },
    enabled: productIds.length > 0,
  });

export function useProcurementData(productIds: readonly number[], enabled = true) {
  return useQuery({ ...procurementDataQueryOptions(productIds), enabled: enabled && productIds.length > 0 });
}
