import type { QueryClient } from '@tanstack/react-query';
import { markupsKeys } from './query-keys';

/** After a markup write: the list, and the products whose auto price the server recomputed. */
export const invalidateAfterMarkupChange = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: markupsKeys.markups }), queryClient.invalidateQueries({ queryKey: markupsKeys.products })]);
