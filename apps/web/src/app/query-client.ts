import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** A 4xx will not change by asking again; network failures and 5xx get two more tries. */
const shouldRetry = (failureCount: number, error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
