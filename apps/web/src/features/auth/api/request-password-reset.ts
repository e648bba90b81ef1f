import type { PasswordResetBody } from '@kontor/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /user/password_reset/: always 200, whether or not the account exists. */
export const requestPasswordReset = (body: PasswordResetBody) => api.post<{ status: string }>('/user/password_reset/', body, { auth: false });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
