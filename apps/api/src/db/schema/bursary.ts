import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './accounts.js';
import { payments } from './payments.js';
import { academicSessions } from './reference.js';

/**
 * Each move of a paid payment to another academic session (UpdatePaymentSession): from where, to
 * where, why, by whom and when. Written in the transaction that moves the payment, with its audit row.
 */
export const paymentSessionMoves = pgTable(
  'payment_session_moves',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    fromSessionId: integer('from_session_id').references(() => academicSessions.id),
    toSessionId: integer('to_session_id')
      .notNull()
      .references(() => academicSessions.id),
    reason: text('reason').notNull(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_session_moves_payment').on(t.paymentId),
    index('payment_session_moves_moved').on(t.movedAt),
  ],
);
