import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** DELETE /api/admin/roles/:id: a role no administrator holds. */
export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) =>
      api<{ Status: string; Message: string }>(`/api/admin/roles/${roleId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'roles'] }),
  });
}
