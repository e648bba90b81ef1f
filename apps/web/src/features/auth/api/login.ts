import { MESSAGES, type LoginBody, type TokenPair, type UserResponse } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { clearAccessToken, setAccessToken } from '@/lib/auth-token-store';
import { fetchCurrentUser, sessionKeys } from '@/lib/current-user';

/**
 * POST /login/ then GET /user/ (spec §4). Any non-200 from login is 'Bad credentials' and
 * clears the tokens; the refresh token arrives as an HttpOnly cookie, only the access token is kept.
 */
export async function login(body: LoginBody): Promise<UserResponse> {
  let pair: TokenPair;
  try {
    pair = await api.post<TokenPair>('/login/', body, { auth: false });
  } catch (error) {
    clearAccessToken();
    throw new ApiError(error instanceof ApiError ? error.status : 500, MESSAGES.badCredentials);
  }
  setAccessToken(pair.access);
  try {
    return await fetchCurrentUser();
  } catch (error) {
    clearAccessToken();
    throw error;
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionKeys.user(), user);
    },
  });
}
