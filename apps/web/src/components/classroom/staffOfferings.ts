import { OFFERINGS_API, type OfferingPage, type StaffOfferingsResponse } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The query key of a classroom page's offerings list (every page of it): what a change to an offering refreshes. */
export const staffOfferingsKey = (page: OfferingPage) => ['offerings', 'staff', page];

/**
 * The offerings the signed-in staff member works on through a classroom page (content, assignments,
 * live classes, learning discussion): one route for all of them, searched and paged on the server.
 */
export const useStaffOfferings = (page: OfferingPage, pageNo: number, pageSize: number, search: string) =>
  useQuery({
    queryKey: [...staffOfferingsKey(page), pageNo, pageSize, search],
    queryFn: ({ signal }) =>
      api<StaffOfferingsResponse>(OFFERINGS_API.staff(page), {
        query: { page: pageNo, pageSize, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
