import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/current-user';

/** POST /logout/ revokes the refresh token and clears its cookie. */
export const logout = () => api.post<void>('/logout/', {}, { auth: false });

/** Logout clears the user and the tokens and goes to /login (spec §4), even when the call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      // Leave the protected area first: without a user it would send us to /onboarding instead.
      await navigate('/login', { replace: true });
      clearSession(queryClient);
    },
  });
}
