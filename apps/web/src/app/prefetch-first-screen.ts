import type { QueryClient } from '@tanstack/react-query';
import { prefetchProductList } from '@/features/catalog/api/list-products';
import { sessionKeys } from '@/lib/current-user';

/**
 * The main list of the screen a page load opens, asked for as soon as the session is back
 * rather than after the shell and the screen have rendered (a quarter of the catalog grid's
 * load budget, DESIGN §9). The screen then finds the request under way or done, under the
 * same query key. What builds the request is part of the first load (a few KB, no zod, no
 * MUI), so it does not wait for the screen's chunks to download and run. Only the catalog grid
 * is worth it so far.
 */
export async function prefetchFirstScreen(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>, session: Promise<unknown>): Promise<void> {
  if (location.pathname.replace(/\/$/, '') !== '/catalog/products') return;
  await session;
  if (queryClient.getQueryData(sessionKeys.user())) await prefetchProductList(queryClient, new URLSearchParams(location.search));
}
