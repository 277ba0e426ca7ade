import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type BulkAction = 'screen' | 'verify' | 'admit' | 'reject';

export interface BulkAnswer {
  Status: string;
  Message: string;
  Data: { ids: number[] };
}

/**
 * POST /api/admin/applications/{screen,verify,admit,reject} with the selected ids (and a reason
 * to reject). All or nothing: a refusal names each applicant that could not be moved.
 */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids, reason }: { action: BulkAction; ids: number[]; reason?: string }) =>
      api<BulkAnswer>(`/api/admin/applications/${action}`, {
        method: 'POST',
        body: action === 'reject' ? { ids, reason } : { ids },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['applications'] }),
  });
}
