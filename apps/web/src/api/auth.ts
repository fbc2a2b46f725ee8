import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';

/** POST /auth/logout, then the login page with an empty cache (SPEC 4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<unknown>('/auth/logout'),
    onSettled: () => {
      queryClient.clear();
      void navigate('/login');
    },
  });
}
