import { HOSTEL_API, type HostelSlipVerification } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/hostel-slips/verify?id (public): the allocated student and bed space a slip's QR code names. */
export const hostelSlipOptions = (id: string) =>
  queryOptions({
    queryKey: ['documents', 'hostel-slip', id],
    queryFn: ({ signal }) =>
      api<{ Status: string; Data: HostelSlipVerification }>(HOSTEL_API.verify, {
        query: { id },
        area: null,
        signal,
      }),
  });
export const useHostelSlip = (id: string) => useQuery(hostelSlipOptions(id));
