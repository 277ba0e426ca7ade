import { z } from 'zod';
import { countArg, dayArg, moneyArg, template, textArg } from './messages.js';
import { recordId, recordIdNumber } from './ids.js';
import {
  ROUND_STATES,
  FEE_RULES,
  ALLOCATION_STATES,
  ALLOCATION_SOURCES,
  HOSTEL_WINDOW_STATES,
} from './hostel-constants.js';

/**
 * Hostel allocation (issue 15): allocation rounds (window, eligibility, quotas, the fee per hostel,
 * a seed committed before the window opens and revealed at the draw), the student's application
 * (`/student/applyforhostel`), the ballot (`HostelAllocation`), availability (`HostelAvailability`),
 * reserved rooms assigned by hand (`ReservedRooms`, `AllocateReservedRoom`), the hostel fee and the
 * allocation slip with its public verification page.
 */

export const HOSTEL_MESSAGES = {
  noRound: 'No hostel allocation round has been published.',
  roundNotFound: 'Allocation round not found.',
  notOpenYet: template('Hostel applications open on {date}.', dayArg('date')),
  closed: template('Hostel applications closed on {date}.', dayArg('date')),
  feesOwed: template(
    'Pay your school fees first: {amount} is outstanding for this session.',
    moneyArg('amount'),
  ),
  feesMinimum: template(
    'Pay at least the first instalment of your school fees ({minimum}) before applying.',
    moneyArg('minimum'),
  ),
  wrongLevel: template('This round is not open to {level} students.', textArg('level')),
  noGenderHostel: 'No hostel in this round takes students of your gender.',
  noGender: 'Your record has no gender; ask the registry to correct it before applying.',
  inactive: 'Your record is not active.',
  preferenceNotOffered: 'Choose hostels of this round that take students of your gender.',
  preferenceRepeated: 'Choose each hostel once.',
  applied: 'Your hostel application has been received. Nothing is allocated until the window closes.',
  updated: 'Your hostel preferences have been updated.',
  drawNotYet: 'The draw runs after the application window closes.',
  drawDone: 'The draw has already been run for this round; its result stands.',
  notPublished: 'Publish the round before it can be drawn.',
  published: 'The round is published: students see its window and the hash of its seed.',
  publishLate: 'Publish a round before its window opens.',
  onlyDraft: 'A round can be changed only before it is published.',
  sessionTaken: 'This session already has an allocation round.',
  windowOrder: 'The window must close after it opens.',
  quotasOver: 'The quotas add up to more than 100 %.',
  closedNow: 'The application window is closed.',
  noAllocation: 'You have no hostel allocation in this round.',
  notPayable: 'This allocation cannot be paid for (it has lapsed, been given up or is already paid).',
  alreadyPaid: 'Your hostel fee is paid.',
  noFee: 'No hostel fee has been set for this hostel.',
  feeDuplicate:
    'Your hostel fee was already paid, or your allocation had lapsed, so this payment was not applied. The bursary has been notified to refund it.',
  gaveUp: 'You have given up your bed space; it goes to the next student on the waiting list.',
  notYours: 'This allocation is not yours to give up.',
  cannotGiveUp: 'This allocation has already ended.',
  paidNoGiveUp:
    'Your hostel fee is paid, so this bed space is yours for the session and cannot be given up: a paid fee is not refunded online.',
  bedTaken: 'That bed space is already taken.',
  studentHasBed: 'This student already holds a bed space in this round.',
  notReservedRoom: 'This room is not reserved: its beds go to the ballot.',
  bedOutOfRange: template('This room has {n} bed spaces.', countArg('n')),
  genderMismatch: 'The student’s gender does not match the room.',
  studentNotFound: 'No active student has this matric number.',
  reasonRequired: 'Say why the room is assigned.',
  reservedAssigned: 'The bed space has been assigned.',
  slipNotFound: 'No allocation slip was found for this id.',
  slipUnpaid: 'The slip is issued once the hostel fee is paid.',
  lapsed: template('{n, plural, one {# allocation lapsed.} other {# allocations lapsed.}}', countArg('n')),
  // The school's hostel ballot switch (setup-config): off, no round opens applications or is drawn.
  ballotOff:
    'Hostel applications are not in use: the school is not giving hostel bed spaces by ballot at present.',
  ballotOffRound:
    'Hostel allocation by ballot is turned off in Setup and Configurations, so a round cannot be published or drawn. Turn it on there first.',
  ballotBusyUpcoming: template(
    'The hostel ballot cannot be turned off now: {round} is published and opens for applications on {date}.',
    textArg('round'),
    dayArg('date'),
  ),
  ballotBusyOpen: template(
    'The hostel ballot cannot be turned off now: {round} is accepting applications until {date}.',
    textArg('round'),
    dayArg('date'),
  ),
  ballotBusyDraw: template(
    'The hostel ballot cannot be turned off now: {round} is awaiting its draw.',
    textArg('round'),
  ),
  ballotBusyLapses: template(
    'The hostel ballot cannot be turned off now: {round} has {n, plural, one {# bed space} other {# bed spaces}} awaiting payment, whose lapses pass beds to its waiting list (the last deadline is {date}).',
    textArg('round'),
    countArg('n'),
    dayArg('date'),
  ),
} as const;

// ───────────────────────────── rounds ─────────────────────────────

/** A quota: a share of the ballot's beds for students of some levels (none: open to every level). */
export const hostelQuota = z.object({
  Name: z.string().trim().min(1).max(60),
  Percent: z.number().int().min(0).max(100),
  /** Level ids; empty: the open quota (every level). */
  LevelIds: z.array(recordIdNumber).max(20),
});
export type HostelQuota = z.infer<typeof hostelQuota>;

export const hostelFee = z.object({
  HostelId: recordIdNumber,
  /** naira */
  Amount: z.number().min(0).max(10_000_000),
});
export type HostelFee = z.infer<typeof hostelFee>;

export const hostelRoundInput = z.object({
  SessionId: recordIdNumber,
  Name: z.string().trim().min(3).max(80),
  /** ISO date-times */
  OpensAt: z.iso.datetime({ offset: true }),
  ClosesAt: z.iso.datetime({ offset: true }),
  PaymentDays: z.number().int().min(1).max(60),
  FeeRule: z.enum(FEE_RULES),
  /** Empty: every level. */
  LevelIds: z.array(recordIdNumber).max(20),
  Quotas: z.array(hostelQuota).max(10),
  Fees: z.array(hostelFee).min(1).max(100),
});
export type HostelRoundInput = z.infer<typeof hostelRoundInput>;

export const hostelRound = z.object({
  Id: z.number().int(),
  SessionId: z.number().int(),
  Session: z.string(),
  Name: z.string(),
  OpensAt: z.string(),
  ClosesAt: z.string(),
  PaymentDays: z.number().int(),
  FeeRule: z.enum(FEE_RULES),
  LevelIds: z.array(z.number().int()),
  Levels: z.array(z.string()),
  Quotas: z.array(hostelQuota),
  Fees: z.array(hostelFee.extend({ Hostel: z.string(), Gender: z.string() })),
  State: z.enum(ROUND_STATES),
  Window: z.enum(HOSTEL_WINDOW_STATES),
  /** sha256 of the seed, hex: committed before the window opens. */
  SeedHash: z.string(),
  /** Revealed at the draw. */
  Seed: z.string().nullable(),
  PublishedAt: z.string().nullable(),
  DrawnAt: z.string().nullable(),
  Applications: z.number().int(),
  /** Why the round cannot be published or drawn now (the school's hostel ballot is off); null: it can. */
  Reason: z.string().nullable(),
});
export type HostelRound = z.infer<typeof hostelRound>;

export const hostelRoundResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: hostelRound,
});
export const hostelRoundsResponse = z.object({ Status: z.string(), Data: z.array(hostelRound) });

/** What the draw published: counts per quota and per hostel, and the waiting list's length. */
export const ballotResult = z.object({
  RoundId: z.number().int(),
  DrawnAt: z.string(),
  Seed: z.string(),
  SeedHash: z.string(),
  Applicants: z.number().int(),
  Beds: z.number().int(),
  Allocated: z.number().int(),
  Waiting: z.number().int(),
  Quotas: z.array(z.object({ Name: z.string(), Seats: z.number().int(), Allocated: z.number().int() })),
  Hostels: z.array(z.object({ Hostel: z.string(), Beds: z.number().int(), Allocated: z.number().int() })),
});
export type BallotResult = z.infer<typeof ballotResult>;
export const ballotResultResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: ballotResult,
});

/**
 * The ballot's published inputs and outcome, for anyone to re-run: applicants by matric number
 * (their draw key is sha256(seed + ':' + matric number)), their quota levels, gender and
 * preferences, the beds in the order they are filled, and who got which bed.
 */
export const publishedBallot = z.object({
  Result: ballotResult,
  Quotas: z.array(hostelQuota),
  Applicants: z.array(
    z.object({
      MatricNo: z.string(),
      LevelId: z.number().int().nullable(),
      Gender: z.string(),
      Preferences: z.array(z.number().int()),
    }),
  ),
  Beds: z.array(
    z.object({
      HostelId: z.number().int(),
      RoomId: z.number().int(),
      Bed: z.number().int(),
      Gender: z.string(),
    }),
  ),
  Allocations: z.array(
    z.object({ MatricNo: z.string(), RoomId: z.number().int(), Bed: z.number().int(), Quota: z.string() }),
  ),
  WaitingList: z.array(z.object({ Position: z.number().int(), MatricNo: z.string() })),
});
export type PublishedBallot = z.infer<typeof publishedBallot>;
export const publishedBallotResponse = z.object({ Status: z.string(), Data: publishedBallot });

// ───────────────────────────── the student's page ─────────────────────────────

export const bedSpace = z.object({
  Hostel: z.string(),
  Block: z.string(),
  Room: z.string(),
  Bed: z.number().int(),
  /** "Zik Hall, Block A, Room A102, Bed 3" */
  Label: z.string(),
});
export type BedSpace = z.infer<typeof bedSpace>;

export const studentAllocation = z.object({
  Id: z.number().int(),
  State: z.enum(ALLOCATION_STATES),
  Source: z.enum(ALLOCATION_SOURCES),
  BedSpace: bedSpace,
  /** naira */
  Fee: z.number(),
  PayBy: z.string().nullable(),
  PaidAt: z.string().nullable(),
  SlipUrl: z.string().nullable(),
});
export type StudentAllocation = z.infer<typeof studentAllocation>;

export const hostelApplicationPage = z.object({
  Round: z
    .object({
      Id: z.number().int(),
      Name: z.string(),
      Session: z.string(),
      OpensAt: z.string(),
      ClosesAt: z.string(),
      PaymentDays: z.number().int(),
      Window: z.enum(HOSTEL_WINDOW_STATES),
      SeedHash: z.string(),
      Seed: z.string().nullable(),
    })
    .nullable(),
  /** Hostels of the round the student may choose (their gender), with the fee in naira. */
  Hostels: z.array(z.object({ Id: z.number().int(), Name: z.string(), Fee: z.number() })),
  CanApply: z.boolean(),
  /** Why the student cannot apply (every reason that holds). */
  Reasons: z.array(z.string()),
  Application: z
    .object({ Preferences: z.array(z.number().int()), SubmittedAt: z.string(), UpdatedAt: z.string() })
    .nullable(),
  Allocation: studentAllocation.nullable(),
  /** On the waiting list: the position. */
  WaitingPosition: z.number().int().nullable(),
  Result: ballotResult.nullable(),
});
export type HostelApplicationPage = z.infer<typeof hostelApplicationPage>;
export const hostelApplicationResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: hostelApplicationPage,
});

export const hostelApplicationInput = z.object({
  RoundId: recordIdNumber,
  /** Up to three hostels, in order of preference. */
  HostelIds: z
    .array(recordIdNumber)
    .min(1, 'Choose at least one hostel.')
    .max(3, 'Choose at most three hostels.'),
});
export type HostelApplicationInput = z.infer<typeof hostelApplicationInput>;

export const giveUpInput = z.object({ AllocationId: recordIdNumber });

/** What the slip's QR code opens: the allocated student at a glance. */
export const hostelSlipVerification = z.object({
  Institution: z.string(),
  Name: z.string(),
  MatricNo: z.string(),
  PassportUrl: z.string().nullable(),
  Session: z.string(),
  BedSpace: bedSpace,
  State: z.enum(ALLOCATION_STATES),
  /** Paid and not given up: the porter may let the student in. */
  Valid: z.boolean(),
  PaidAt: z.string().nullable(),
});
export type HostelSlipVerification = z.infer<typeof hostelSlipVerification>;
export const hostelSlipQuery = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Invalid id.') });
export const hostelSlipVerificationResponse = z.object({
  Status: z.string(),
  Data: hostelSlipVerification,
});

// ───────────────────────────── admin: availability, allocations, reserved rooms ─────────────────────────────

export const roundQuery = z.object({ roundId: recordId.optional() });

export const availabilityCounts = z.object({
  Beds: z.number().int(),
  Free: z.number().int(),
  Reserved: z.number().int(),
  Allocated: z.number().int(),
  Occupied: z.number().int(),
});
export type AvailabilityCounts = z.infer<typeof availabilityCounts>;

export const availabilityRoom = availabilityCounts.extend({
  RoomId: z.number().int(),
  Room: z.string(),
  IsReserved: z.boolean(),
});
export const availabilityBlock = availabilityCounts.extend({
  BlockId: z.number().int(),
  Block: z.string(),
  Rooms: z.array(availabilityRoom),
});
export const availabilityHostel = availabilityCounts.extend({
  HostelId: z.number().int(),
  Hostel: z.string(),
  Gender: z.string(),
  Blocks: z.array(availabilityBlock),
});
export const hostelAvailability = z.object({
  RoundId: z.number().int().nullable(),
  Totals: availabilityCounts,
  Hostels: z.array(availabilityHostel),
});
export type HostelAvailability = z.infer<typeof hostelAvailability>;
export const hostelAvailabilityResponse = z.object({ Status: z.string(), Data: hostelAvailability });

export const allocationRow = z.object({
  Id: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  BedSpace: bedSpace,
  State: z.enum(ALLOCATION_STATES),
  Source: z.enum(ALLOCATION_SOURCES),
  Quota: z.string().nullable(),
  Reason: z.string().nullable(),
  By: z.string().nullable(),
  AllocatedAt: z.string(),
  PayBy: z.string().nullable(),
});
export type AllocationRow = z.infer<typeof allocationRow>;

export const allocationListQuery = z.object({
  roundId: recordId.optional(),
  source: z.enum(ALLOCATION_SOURCES).optional(),
  search: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const allocationListResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.array(allocationRow),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});

export const reservedRoom = z.object({
  RoomId: z.number().int(),
  Hostel: z.string(),
  Block: z.string(),
  Room: z.string(),
  Gender: z.string(),
  BedSpaces: z.number().int(),
  Beds: z.array(
    z.object({
      Bed: z.number().int(),
      Allocation: allocationRow.nullable(),
    }),
  ),
});
export type ReservedRoom = z.infer<typeof reservedRoom>;
export const reservedRoomsResponse = z.object({
  Status: z.string(),
  Data: z.object({ RoundId: z.number().int().nullable(), Rooms: z.array(reservedRoom) }),
});

export const reservedAssignmentInput = z.object({
  RoundId: recordIdNumber,
  RoomId: recordIdNumber,
  Bed: z.number().int().min(1).max(12),
  MatricNo: z.string().trim().min(3).max(40),
  Reason: z.string().trim().min(3, 'Say why the room is assigned.').max(300),
});
export type ReservedAssignmentInput = z.infer<typeof reservedAssignmentInput>;

export const allocationResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: allocationRow,
});

export const lapseResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({ Lapsed: z.number().int(), Offered: z.number().int() }),
});
