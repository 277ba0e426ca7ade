import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, students } from './accounts.js';
import { hostels, rooms } from './institution.js';
import { payments } from './payments.js';
import { academicSessions, levels } from './reference.js';

/**
 * Hostel allocation (issue 15). One allocation round per session: its window, eligibility, quotas and
 * a seed whose sha256 is shown before the window opens and which is revealed at the draw. A student
 * applies once per round (unique); the draw, the reserved rooms and the waiting list create
 * allocations, and two partial unique indexes keep a bed space from being held twice and a student
 * from holding two (allocated, reserved and paid hold; lapsed and given up do not). Every change
 * appends an event the database refuses to change (trigger in migration 0019).
 */

export type StoredQuota = { name: string; percent: number; levelIds: number[] };

export const hostelRounds = pgTable(
  'hostel_rounds',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .unique('hostel_rounds_one_per_session')
      .references(() => academicSessions.id),
    name: text('name').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** Days an allocated student has to pay the hostel fee. */
    paymentDays: integer('payment_days').notNull().default(14),
    /** 'full': school fees paid in full; 'minimum': at least the first instalment. */
    feeRule: text('fee_rule').notNull().default('full'),
    /** Levels allowed to apply; empty: every level. */
    levelIds: integer('level_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    quotas: jsonb('quotas').$type<StoredQuota[]>().notNull().default([]),
    /** sha256(seed), hex: shown to students from publication on. */
    seedHash: text('seed_hash').notNull(),
    /** 256 random bits, hex: kept by the registry until the draw, then published. */
    seed: text('seed').notNull(),
    state: text('state').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    drawnBy: integer('drawn_by').references(() => admins.id),
    /** The published counts (per quota and hostel). */
    result: jsonb('result'),
    /** The beds the draw had, in the order it fills them: [hostel id, room id, bed, gender] (published). */
    ballotBeds: jsonb('ballot_beds').$type<[number, number, number, string][]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('hostel_rounds_state', sql`${t.state} in ('draft', 'published', 'drawn')`),
    check('hostel_rounds_fee_rule', sql`${t.feeRule} in ('full', 'minimum')`),
    check('hostel_rounds_window', sql`${t.closesAt} > ${t.opensAt}`),
    check('hostel_rounds_drawn', sql`(${t.state} = 'drawn') = (${t.drawnAt} is not null)`),
  ],
);

/** The hostels of a round and the fee of a bed space in each (kobo). */
export const hostelFees = pgTable(
  'hostel_fees',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => hostelRounds.id, { onDelete: 'cascade' }),
    hostelId: integer('hostel_id')
      .notNull()
      .references(() => hostels.id),
    amountKobo: integer('amount_kobo').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.hostelId] }),
    check('hostel_fees_amount', sql`${t.amountKobo} >= 0`),
  ],
);

export const hostelApplications = pgTable(
  'hostel_applications',
  {
    id: serial('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => hostelRounds.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** The student's level and gender when they applied (the quota and the beds they may take). */
    levelId: integer('level_id').references(() => levels.id),
    gender: text('gender').notNull(),
    /** Hostel ids, first choice first: one to three. */
    preferences: integer('preferences').array().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('hostel_applications_one_per_round').on(t.roundId, t.studentId),
    check('hostel_applications_preferences', sql`cardinality(${t.preferences}) between 1 and 3`),
  ],
);

export const hostelAllocations = pgTable(
  'hostel_allocations',
  {
    id: serial('id').primaryKey(),
    /** 128 random bits: the slip's QR code opens the allocation by it. */
    publicId: text('public_id').notNull().unique(),
    roundId: integer('round_id')
      .notNull()
      .references(() => hostelRounds.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    bed: integer('bed').notNull(),
    state: text('state').notNull(),
    source: text('source').notNull(),
    /** The quota a ballot allocation was drawn in. */
    quota: text('quota'),
    /** Why a reserved room was assigned by hand. */
    reason: text('reason'),
    allocatedBy: integer('allocated_by').references(() => admins.id),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The hostel fee is due by then (allocated); none for a reserved assignment. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'hostel_allocations_state',
      sql`${t.state} in ('allocated', 'reserved', 'paid', 'lapsed', 'given_up')`,
    ),
    check('hostel_allocations_source', sql`${t.source} in ('ballot', 'waiting_list', 'reserved')`),
    check('hostel_allocations_bed', sql`${t.bed} between 1 and 12`),
    /** No bed space is held twice in a round. */
    uniqueIndex('hostel_allocations_one_per_bed')
      .on(t.roundId, t.roomId, t.bed)
      .where(sql`${t.state} in ('allocated', 'reserved', 'paid')`),
    /** No student holds two bed spaces in a round. */
    uniqueIndex('hostel_allocations_one_per_student')
      .on(t.roundId, t.studentId)
      .where(sql`${t.state} in ('allocated', 'reserved', 'paid')`),
    index('hostel_allocations_student').on(t.studentId),
    index('hostel_allocations_due').on(t.state, t.payBy),
  ],
);

/** The numbered waiting list of a round: the ballot's unsuccessful applicants in draw order. */
export const hostelWaitingList = pgTable(
  'hostel_waiting_list',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => hostelRounds.id),
    position: integer('position').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    gender: text('gender').notNull(),
    /** The allocation a freed bed gave them. */
    allocationId: integer('allocation_id').references(() => hostelAllocations.id),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.position] }),
    unique('hostel_waiting_list_once').on(t.roundId, t.studentId),
    unique('hostel_waiting_list_allocation').on(t.allocationId),
  ],
);

/** A hostel fee paid for an allocation: at most one, and only while the allocation holds its bed. */
export const hostelFeePayments = pgTable(
  'hostel_fee_payments',
  {
    allocationId: integer('allocation_id')
      .primaryKey()
      .references(() => hostelAllocations.id),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    /** Whether the allocation still held its bed when the money arrived: a CHECK refuses false. */
    allocationLive: text('allocation_live').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('hostel_fee_payments_live', sql`${t.allocationLive} = 'yes'`)],
);

/** Append-only history of a round: draws, assignments, payments, lapses, give-ups, offers. */
export const hostelEvents = pgTable(
  'hostel_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => hostelRounds.id),
    allocationId: integer('allocation_id').references(() => hostelAllocations.id),
    studentId: integer('student_id').references(() => students.id),
    kind: text('kind').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hostel_events_round').on(t.roundId, t.id),
    check(
      'hostel_events_kind',
      sql`${t.kind} in ('published', 'drawn', 'allocated', 'reserved', 'paid', 'lapsed', 'given_up', 'offered')`,
    ),
  ],
);
