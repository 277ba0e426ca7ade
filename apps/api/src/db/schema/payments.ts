import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applicants } from './applicants.js';
import { students } from './accounts.js';
import { academicSessions, departments, entryModes, levels, programmes } from './reference.js';

/** Ids below 100 are the specification's (10 is the acceptance fee); new ones are numbered from 100. */
export const paymentCategories = pgTable('payment_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});

export const paymentItems = pgTable('payment_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  name: text('name').notNull().unique(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => paymentCategories.id),
  isActive: boolean('is_active').notNull().default(true),
});

/** What each item costs, by session, level, department and entry mode (null = any). Money in kobo. */
export const feeSchedule = pgTable(
  'fee_schedule',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => paymentItems.id),
    levelId: integer('level_id').references(() => levels.id),
    departmentId: integer('department_id').references(() => departments.id),
    entryModeId: integer('entry_mode_id').references(() => entryModes.id),
    programmeId: integer('programme_id').references(() => programmes.id),
    indigeneAmountKobo: bigint('indigene_amount_kobo', { mode: 'number' }).notNull(),
    nonIndigeneAmountKobo: bigint('non_indigene_amount_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('fee_schedule_session_item').on(t.sessionId, t.itemId),
    unique('fee_schedule_item_per_scope')
      .on(t.sessionId, t.itemId, t.departmentId, t.programmeId, t.levelId, t.entryModeId)
      .nullsNotDistinct(),
  ],
);

/**
 * One payment attempt at one gateway. `state` moves pending → paid | failed | expired once;
 * the reference is unique per provider so a gateway's answer can never be counted twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** Unguessable id used in receipt links and QR codes. */
    publicId: text('public_id').notNull().unique(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    providerReference: text('provider_reference'),
    payeeTypeId: integer('payee_type_id').notNull(),
    applicantId: integer('applicant_id').references(() => applicants.id),
    studentId: integer('student_id').references(() => students.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => paymentCategories.id),
    itemIds: integer('item_ids').array().notNull(),
    /** The purpose's own record the payment is for (a transcript request), when it has one. */
    recordId: integer('record_id'),
    sessionId: integer('session_id').references(() => academicSessions.id),
    methodId: integer('method_id').notNull().default(1),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    chargesKobo: bigint('charges_kobo', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('NGN'),
    state: text('state').notNull().default('pending'),
    amountPaidKobo: bigint('amount_paid_kobo', { mode: 'number' }),
    /** Set when the gateway reports less than expected: flagged for the bursary, not credited. */
    flag: text('flag'),
    checkoutUrl: text('checkout_url'),
    providerStatus: text('provider_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    checkCount: integer('check_count').notNull().default(0),
    /**
     * Before this time an unsigned notice (Remita's) triggers no re-query: claimed by a conditional
     * update, so however many notices arrive, in however many processes, one re-query runs per back-off.
     */
    noticeRequeryAfter: timestamp('notice_requery_after', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_reference').on(t.provider, t.reference),
    /** Notices and returns name an attempt by the provider's reference (Remita's RRR). */
    index('payments_provider_provider_reference').on(t.provider, t.providerReference),
    index('payments_state').on(t.state),
    index('payments_applicant').on(t.applicantId),
    index('payments_student').on(t.studentId, t.categoryId),
    index('payments_created').on(t.createdAt),
    /** The bursary's date filter and default order: when paid, else when started (`paymentDate`). */
    index('payments_date').on(sql`coalesce(${t.paidAt}, ${t.createdAt})`, t.id),
    /** At most one paid acceptance fee per applicant. */
    uniqueIndex('payments_one_paid_per_applicant_category')
      .on(t.applicantId, t.categoryId)
      .where(sql`state = 'paid' and applicant_id is not null`),
  ],
);

/** Webhook deliveries, kept once per provider event so a resend is recognised. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    body: jsonb('body'),
    verified: boolean('verified').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the notice was done with: its payment settled or definitely failed (or there was nothing
     * to settle). Null while the gateway still says pending: a redelivery is then re-queried, not ignored.
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_events_provider_key').on(t.provider, t.eventKey)],
);

/**
 * What a student owes for one purpose (school fees) in one session, and what has been credited
 * against it. The CHECK is the invariant: no payment can ever credit a student beyond what is due —
 * a second attempt paid at the gateway for money already covered breaks it and is flagged for a
 * refund instead (see payments/purposes). `due_kobo` is set when an attempt is started.
 */
export const feeAccounts = pgTable(
  'fee_accounts',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => paymentCategories.id),
    dueKobo: bigint('due_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_accounts_scope').on(t.studentId, t.sessionId, t.categoryId),
    check('fee_accounts_paid_within_due', sql`${t.paidKobo} >= 0 and ${t.paidKobo} <= ${t.dueKobo}`),
  ],
);
