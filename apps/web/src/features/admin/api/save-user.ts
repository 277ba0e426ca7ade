import type { AdminUserItem, CreateUserRequest } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SaveAnswer } from './types';

/** POST /api/Admin/CreateUserAsync: add (no UserId; a default password is e-mailed) or update an admin. */
export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) =>
      api<SaveAnswer<AdminUserItem>>('/api/Admin/CreateUserAsync', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
