import type { CreateRoleRequest, RoleItem } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SaveAnswer } from './types';

/** POST /api/AdminRole/CreateAdminRolesAsync: create (no RoleId) or update a role with exactly these pages. */
export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRoleRequest) =>
      api<SaveAnswer<RoleItem>>('/api/AdminRole/CreateAdminRolesAsync', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
