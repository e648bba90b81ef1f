import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/lib/current-user';

/**
 * The main list of the screen a page load opens, asked for as soon as the session is back
 * rather than after the shell and the screen have rendered (a quarter of the catalog grid's
 * load budget, DESIGN §9). The screen then finds the request under way or done, under the
 * same query key. The list's code loads while the session is restored, so the request goes
 * out before React starts the first render. Only the catalog grid is worth it so far.
 */
export async function prefetchFirstScreen(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>, session: Promise<unknown>): Promise<void> {
  if (location.pathname.replace(/\/$/, '') !== '/catalog/products') return;
  const [{ prefetchProductList }] = await Promise.all([import('@/features/catalog/api/list-products'), session]);
  if (queryClient.getQueryData(sessionKeys.user())) await prefetchProductList(queryClient, new URLSearchParams(location.search));
}
