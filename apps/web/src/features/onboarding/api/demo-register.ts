import type { DemoRegisterBody, UserResponse } from '@kontor/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /user/demo_register/ -> 201 with the new Admin user; a 400 names fields as 'account.email', 'company.agreed_to_terms'. */
export const demoRegister = (body: DemoRegisterBody) => api.post<UserResponse>('/user/demo_register/', body, { auth: false });

export function useDemoRegister() {
  return useMutation({ mutationFn: demoRegister });
}
