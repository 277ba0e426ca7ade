/**
 * Hostel allocation's constants and endpoints (see hostels.ts). This module imports nothing, so the
 * web's hostel pages can use it without pulling in zod.
 */

export const HOSTEL_PAGES = {
  allocation: 'HostelAllocation',
  availability: 'HostelAvailability',
  reserved: 'ReservedRooms',
  allocateReserved: 'AllocateReservedRoom',
} as const;

export const ROUND_STATES = ['draft', 'published', 'drawn'] as const;
export type RoundState = (typeof ROUND_STATES)[number];
export const FEE_RULES = ['full', 'minimum'] as const;
export type FeeRule = (typeof FEE_RULES)[number];
/** An allocation holds its bed while allocated (awaiting payment), reserved (by hand) or paid. */
export const ALLOCATION_STATES = ['allocated', 'reserved', 'paid', 'lapsed', 'given_up'] as const;
export type AllocationState = (typeof ALLOCATION_STATES)[number];
export const ACTIVE_ALLOCATION_STATES = ['allocated', 'reserved', 'paid'] as const;
export const ALLOCATION_SOURCES = ['ballot', 'waiting_list', 'reserved'] as const;
export type AllocationSource = (typeof ALLOCATION_SOURCES)[number];
/** Where the round's application window stands now. */
export const HOSTEL_WINDOW_STATES = ['draft', 'upcoming', 'open', 'closed', 'drawn'] as const;
export type HostelWindowState = (typeof HOSTEL_WINDOW_STATES)[number];

/** Endpoints of hostel allocation. */
export const HOSTEL_API = {
  student: '/api/student/hostel',
  application: '/api/student/hostel/application',
  giveUp: '/api/student/hostel/give-up',
  slip: '/api/student/hostel/slip.pdf',
  verify: '/api/hostel-slips/verify',
  ballot: (roundId: number) => `/api/hostel-rounds/${roundId}/ballot`,
  rounds: '/api/admin/hostel-rounds',
  round: (id: number) => `/api/admin/hostel-rounds/${id}`,
  publish: (id: number) => `/api/admin/hostel-rounds/${id}/publish`,
  close: (id: number) => `/api/admin/hostel-rounds/${id}/close`,
  draw: (id: number) => `/api/admin/hostel-rounds/${id}/draw`,
  result: (id: number) => `/api/admin/hostel-rounds/${id}/result`,
  lapse: '/api/admin/hostel-allocations/lapse',
  allocations: '/api/admin/hostel-allocations',
  availability: '/api/admin/hostel-availability',
  reserved: '/api/admin/hostel-reserved',
} as const;
