import type { PasswordResetConfirmBody } from '@kontor/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /user/password_reset/confirm/ with {token, password}; a 400 carries field errors as data. */
export const confirmPasswordReset = (body: PasswordResetConfirmBody) => api.post<{ status: string }>('/user/password_reset/confirm/', body, { auth: false });

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
