import type { BursaryPaymentItem, MoveSessionRequest, SessionMove } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface MoveAnswer {
  Message: string;
  Data: { payment: BursaryPaymentItem; move: SessionMove };
}

/** POST /api/admin/bursary/payments/:id/session: moves a paid payment to another session, with a reason. */
export function useMovePaymentSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, ...body }: MoveSessionRequest & { paymentId: number }) =>
      api<MoveAnswer>(`/api/admin/bursary/payments/${paymentId}/session`, { method: 'POST', body }),
    // Every bursary list and total may have changed (and a clash means the payment moved meanwhile).
    onSettled: () => client.invalidateQueries({ queryKey: ['bursary'] }),
  });
}
