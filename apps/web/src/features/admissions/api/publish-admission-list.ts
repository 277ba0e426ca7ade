import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Publication } from './get-publication';

/** POST /api/admin/admission-list/publish: publish or withdraw a session's admitted list. */
export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { admissionSessionId: number; publish: boolean }) =>
      api<{ Status: string; Data: Publication }>('/api/admin/admission-list/publish', {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['applications', 'publication'] }),
  });
}
