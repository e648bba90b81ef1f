import { MESSAGES, type UserResponse } from '@kontor/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, refreshAccessToken } from './api-client';
import { clearAccessToken, getAccessToken } from './auth-token-store';
import { takeBootedRequest } from './session-boot';

/** The signed-in user is shared by every feature, so its query lives here rather than in a feature. */
export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
};

/** GET /user/: a 200 loads the user; anything else gives 'Invalid access token' (spec §7). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserResponse> {
  try {
    return await api.get<UserResponse>('/user/', { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(error instanceof ApiError ? error.status : 500, MESSAGES.invalidAccessToken);
  }
}

/** Start-up (spec §2): refresh the tokens, then load the user. No session is `null`, not an error. */
export async function restoreSession(signal?: AbortSignal): Promise<UserResponse | null> {
  if (!getAccessToken()) {
    try {
      await refreshAccessToken();
    } catch {
      return null;
    }
  }
  return (await bootedUser()) ?? fetchCurrentUser(signal);
}

/** The user public/session-boot.js loaded right after its refresh; anything but a 200 is asked again the usual way. */
async function bootedUser(): Promise<UserResponse | undefined> {
  try {
    const response = await takeBootedRequest('user');
    return response?.ok ? ((await response.json()) as UserResponse) : undefined;
  } catch {
    return undefined;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.user(),
    queryFn: ({ signal }) => restoreSession(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useCurrentUser(): UserResponse | null {
  return useQuery(sessionQueryOptions()).data ?? null;
}

/** For screens inside the protected area, where the layout guarantees a user. */
export function useRequiredUser(): UserResponse {
  const user = useCurrentUser();
  if (!user) throw new Error('useRequiredUser() outside the protected area');
  return user;
}

/** Logout and a failed refresh (spec §4): forget the token, the user and every cached answer. */
export function clearSession(queryClient: QueryClient): void {
  clearAccessToken();
  queryClient.setQueryData(sessionKeys.user(), null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
}
