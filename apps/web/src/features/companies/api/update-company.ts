import type { CompanyResponse, UpdateCompanyBody } from '@kontor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionKeys } from '@/lib/current-user';
import { companyKeys } from './query-keys';

/** PUT /users/companies/{id}/ (Admin only; Staff gets a 403). */
export const updateCompany = ({ id, body }: { id: number; body: UpdateCompanyBody }) => api.put<CompanyResponse>(`/users/companies/${id}/`, body);

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(companyKeys.detail(company.id), company);
      // The user carries company_name (top bar, user menu).
      return queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
    },
  });
}
