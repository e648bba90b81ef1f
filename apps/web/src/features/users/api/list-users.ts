import { PAGE_SIZE, type Page, type UserListItem } from '@kontor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, type UserListParams } from './query-keys';

/** GET /users/?name__icontains=: the people of the caller's company. */
export const fetchUsers = ({ name }: UserListParams, signal?: AbortSignal) =>
  api.get<Page<UserListItem>>('/users/', { query: { name__icontains: name.trim(), limit: PAGE_SIZE.default }, signal });

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
