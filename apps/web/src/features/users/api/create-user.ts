import type { CreateUserBody, UserListItem } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './query-keys';

/** POST /users/ (Admin only): a new user of the caller's company. */
export const createUser = (body: CreateUserBody) => api.post<UserListItem>('/users/', body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
