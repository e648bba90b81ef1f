import type { UpdateUserBody, UserListItem } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './query-keys';

/** PATCH /users/{id}/ (Admin only): role, names, deactivation. */
export const updateUser = ({ id, body }: { id: number; body: UpdateUserBody }) => api.patch<UserListItem>(`/users/${id}/`, body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
