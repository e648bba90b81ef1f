import type { PasswordChangeBody, TokenPair } from '@kontor/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setAccessToken } from '@/lib/auth-token-store';

/**
 * POST /user/password_change/ with {old_password, new_password}. Every other session of the user
 * ends; this one goes on with the answer's access token (the refresh token comes as the cookie).
 */
export const changePassword = (body: PasswordChangeBody) => api.post<TokenPair>('/user/password_change/', body);

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (tokens) => setAccessToken(tokens.access),
  });
}
