import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { chooseFeeLines } from '@portal/contracts';
import {
  academicSessions,
  coursesOfStudy,
  feeAccounts,
  feeSchedule,
  paymentCategories,
  itemSchedules,
  levels,
  paymentEvents,
  paymentItems,
  payments,
  students,
} from '../../db/schema/index.js';
import { referenceData } from '../../platform/cache.js';
import { preparedOn, type Exec } from '../../platform/db.js';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentState = 'pending' | 'paid' | 'failed' | 'expired';

export async function currentAcademicSessionId(db: Exec): Promise<number | null> {
  return referenceData(db, 'payments:current-session', async () => {
    const [row] = await db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.isCurrent, true))
      .limit(1);
    return row?.id ?? null;
  });
}

export interface FeeLine {
  itemId: number;
  name: string;
  indigeneAmountKobo: number;
  nonIndigeneAmountKobo: number;
}

/**
 * The fee of each item for a session: per item, the schedule line the fee schedule's rule chooses for
 * the payer (`chooseFeeLines`: the most specific line that fits; a null scope column means "any").
 */
export async function feeLines(
  db: Exec,
  where: {
    sessionId: number;
    itemIds: number[];
    levelId: number | null;
    departmentId: number | null;
    entryModeId: number | null;
    /** The payer's programme (a student's, through the course of study); undefined or null: any. */
    programmeId?: number | null;
  },
): Promise<FeeLine[]> {
  if (where.itemIds.length === 0) return [];
  // The session's whole schedule of these items (reference data); the payer's lines are chosen below.
  const rows = await referenceData(
    db,
    `payments:schedule:${where.sessionId}:${where.itemIds.join(',')}`,
    () =>
      db
        .select({
          id: feeSchedule.id,
          itemId: feeSchedule.itemId,
          name: paymentItems.name,
          levelId: feeSchedule.levelId,
          departmentId: feeSchedule.departmentId,
          entryModeId: feeSchedule.entryModeId,
          programmeId: feeSchedule.programmeId,
          indigeneAmountKobo: feeSchedule.indigeneAmountKobo,
          nonIndigeneAmountKobo: feeSchedule.nonIndigeneAmountKobo,
        })
        .from(feeSchedule)
        .innerJoin(paymentItems, eq(paymentItems.id, feeSchedule.itemId))
        .where(and(eq(feeSchedule.sessionId, where.sessionId), inArray(feeSchedule.itemId, where.itemIds)))
        .orderBy(asc(feeSchedule.id)),
  );
  const best = chooseFeeLines(rows, {
    levelId: where.levelId,
    departmentId: where.departmentId,
    entryModeId: where.entryModeId,
    programmeId: where.programmeId ?? null,
  });
  return where.itemIds.flatMap((id) => {
    const line = best.get(id);
    return line
      ? [
          {
            itemId: line.itemId,
            name: line.name,
            indigeneAmountKobo: line.indigeneAmountKobo,
            nonIndigeneAmountKobo: line.nonIndigeneAmountKobo,
          },
        ]
      : [];
  });
}

export async function insertAttempt(db: Exec, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function saveCheckout(
  db: Exec,
  id: number,
  providerRef: string | null,
  checkoutUrl: string,
): Promise<void> {
  await db
    .update(payments)
    .set({ providerReference: providerRef, checkoutUrl, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

export async function findById(db: Exec, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

export async function findByPublicId(db: Exec, publicId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.publicId, publicId)).limit(1);
  return row ?? null;
}

/** By our reference, or by the provider's (Nomba orderId, Remita RRR). */
export async function findByAnyReference(
  db: Exec,
  provider: string,
  reference: string,
): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        or(eq(payments.reference, reference), eq(payments.providerReference, reference)),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(2);
  return rows.find((r) => r.reference === reference) ?? rows[0] ?? null;
}

/**
 * The attempts a webhook delivery names, by our reference or the provider's, in one indexed query
 * whatever the number of notices (references nobody issued find nothing and cost no more).
 */
export async function findForNotices(
  db: Exec,
  provider: string,
  merchantRefs: readonly string[],
  providerRefs: readonly string[],
): Promise<PaymentRow[]> {
  const named = [
    ...(merchantRefs.length ? [inArray(payments.reference, [...merchantRefs])] : []),
    ...(providerRefs.length ? [inArray(payments.providerReference, [...providerRefs])] : []),
  ];
  if (named.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), or(...named)));
}

/**
 * Claims the one re-query an unsigned notice may trigger for an attempt until `delaySeconds` from
 * now: a conditional update, so of all the notices arriving at once in every process, one wins
 * and the rest find the time moved on. Only an attempt money may still settle can be claimed.
 */
export async function claimNoticeRequery(db: Exec, id: number, delaySeconds: number): Promise<boolean> {
  const claimed = await db
    .update(payments)
    .set({ noticeRequeryAfter: sql`now() + make_interval(secs => ${delaySeconds}::int)` })
    .where(
      and(
        eq(payments.id, id),
        inArray(payments.state, ['pending', 'expired']),
        or(isNull(payments.noticeRequeryAfter), sql`${payments.noticeRequeryAfter} <= now()`),
      ),
    )
    .returning({ id: payments.id });
  return claimed.length > 0;
}

export async function applicantAttempts(
  db: Exec,
  applicantId: number,
  categoryId: number,
  state?: PaymentState,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.applicantId, applicantId),
        eq(payments.categoryId, categoryId),
        state ? eq(payments.state, state) : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(20);
}

/**
 * Moves an attempt to a final state. Only one caller can ever win: the UPDATE matches the states
 * it may leave (`pending`; money that arrives late may also leave `expired`), and whoever finds it
 * already moved gets null.
 */
export async function transition(
  db: Exec,
  id: number,
  to: Exclude<PaymentState, 'pending'>,
  fields: Partial<
    Pick<
      PaymentRow,
      'amountPaidKobo' | 'chargesKobo' | 'flag' | 'providerStatus' | 'providerReference' | 'paidAt'
    >
  >,
  from: readonly PaymentState[] = ['pending'],
  /** When the gateway was asked (the reconciler's clock). */
  now = new Date(),
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({
      ...fields,
      state: to,
      updatedAt: now,
      lastCheckedAt: now,
      checkCount: sql`${payments.checkCount} + 1`,
    })
    .where(and(eq(payments.id, id), inArray(payments.state, [...from])))
    .returning();
  return row ?? null;
}

/** Records that the gateway was asked (and what it said) without changing the state. */
export async function recordCheck(
  db: Exec,
  id: number,
  fields: { providerStatus?: string | null; providerReference?: string | null; flag?: string | null },
  now = new Date(),
): Promise<void> {
  await db
    .update(payments)
    .set({
      ...(fields.providerStatus ? { providerStatus: fields.providerStatus } : {}),
      ...(fields.providerReference ? { providerReference: fields.providerReference } : {}),
      ...(fields.flag ? { flag: fields.flag } : {}),
      updatedAt: now,
      lastCheckedAt: now,
      checkCount: sql`${payments.checkCount} + 1`,
    })
    .where(eq(payments.id, id));
}

/** Flags a payment that is already final (e.g. reversed after it was credited), once. */
export async function flagFinal(db: Exec, id: number, flag: string, providerStatus: string): Promise<void> {
  await db
    .update(payments)
    .set({ flag, providerStatus, updatedAt: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.flag)));
}

/**
 * Stores a webhook notice once. Returns its id and whether it was already done with (settled):
 * a redelivery of a notice that is not settled yet must be acted on again.
 */
export async function recordEvent(
  db: Exec,
  event: { provider: string; eventKey: string; paymentId: number | null; body: unknown; verified: boolean },
): Promise<{ id: number; fresh: boolean; settled: boolean }> {
  const eventKey = event.eventKey.slice(0, 500);
  const [inserted] = await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventKey,
      paymentId: event.paymentId,
      body: event.body as never,
      verified: event.verified,
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventKey] })
    .returning({ id: paymentEvents.id });
  if (inserted) return { id: inserted.id, fresh: true, settled: false };
  const [existing] = await db
    .select({ id: paymentEvents.id, settledAt: paymentEvents.settledAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventKey, eventKey)))
    .limit(1);
  return { id: existing!.id, fresh: false, settled: existing!.settledAt !== null };
}

/** Marks a notice done with (its payment final); the first caller wins, later ones change nothing. */
export async function settleEvent(db: Exec, id: number): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ settledAt: new Date() })
    .where(and(eq(paymentEvents.id, id), isNull(paymentEvents.settledAt)));
}

/** Pending attempts, the least recently checked first. */
export async function pendingAttempts(db: Exec, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.state, 'pending'))
    .orderBy(sql`coalesce(${payments.lastCheckedAt}, ${payments.createdAt}) asc`)
    .limit(limit);
}

export async function sessionName(db: Exec, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return referenceData(db, `payments:session-name:${id}`, async () => {
    const [row] = await db
      .select({ name: academicSessions.name })
      .from(academicSessions)
      .where(eq(academicSessions.id, id))
      .limit(1);
    return row?.name ?? null;
  });
}

/** A student's credited payments (their receipts), newest first. */
export async function paidStudentPayments(db: Exec, studentId: number) {
  // Read by every dashboard and documents page: a named statement, planned once per connection.
  return preparedOn(db, 'paid_student_payments', paidStudentPaymentsQuery).execute({ studentId });
}
function paidStudentPaymentsQuery(db: Exec) {
  return db
    .select({
      publicId: payments.publicId,
      paidAt: payments.paidAt,
      amountKobo: payments.amountKobo,
      categoryName: paymentCategories.name,
      sessionName: academicSessions.name,
    })
    .from(payments)
    .innerJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId))
    .leftJoin(academicSessions, eq(academicSessions.id, payments.sessionId))
    .where(and(eq(payments.studentId, sql.placeholder('studentId')), eq(payments.state, 'paid')))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .prepare('paid_student_payments');
}

export type PaidStudentPayment = Awaited<ReturnType<typeof paidStudentPayments>>[number];

/**
 * A student's fee account of a session and category (as `feeAccount`) and their receipts (as
 * `paidStudentPayments`), in one statement: the student dashboard shows both.
 */
export async function feeAccountAndReceipts(
  db: Exec,
  studentId: number,
  sessionId: number,
  categoryId: number,
) {
  const [row] = await preparedOn(db, 'fee_account_receipts', feeAccountAndReceiptsQuery).execute({
    studentId,
    sessionId,
    categoryId,
  });
  return {
    account: row?.account ?? null,
    // Timestamps travel as JSON text inside the aggregate: read back as the driver reads them.
    receipts: (row?.receipts ?? []).map((r): PaidStudentPayment => ({
      ...r,
      paidAt: r.paidAt === null ? null : new Date(r.paidAt),
    })),
  };
}
function feeAccountAndReceiptsQuery(db: Exec) {
  const p = payments;
  return db
    .select({
      account: feeAccounts,
      receipts: sql<(Omit<PaidStudentPayment, 'paidAt'> & { paidAt: string | null })[]>`coalesce((
        select json_agg(json_build_object('publicId', ${p.publicId}, 'paidAt', ${p.paidAt},
          'amountKobo', ${p.amountKobo}, 'categoryName', ${paymentCategories.name},
          'sessionName', ${academicSessions.name}) order by ${p.paidAt} desc, ${p.id} desc)
        from ${p} join ${paymentCategories} on ${paymentCategories.id} = ${p.categoryId}
          left join ${academicSessions} on ${academicSessions.id} = ${p.sessionId}
        where ${p.studentId} = ${students.id} and ${p.state} = 'paid'), '[]'::json)`,
    })
    .from(students)
    .leftJoin(
      feeAccounts,
      and(
        eq(feeAccounts.studentId, students.id),
        eq(feeAccounts.sessionId, sql.placeholder('sessionId')),
        eq(feeAccounts.categoryId, sql.placeholder('categoryId')),
      ),
    )
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare('fee_account_receipts');
}

/** Every attempt of a student and of the applicant record they came from, newest first (at most 200). */
export async function paymentsOfPerson(db: Exec, who: { studentId: number; applicantId: number | null }) {
  return db
    .select({
      publicId: payments.publicId,
      reference: payments.reference,
      category: paymentCategories.name,
      session: academicSessions.name,
      provider: payments.provider,
      amountKobo: payments.amountKobo,
      state: payments.state,
      flag: payments.flag,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .innerJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId))
    .leftJoin(academicSessions, eq(academicSessions.id, payments.sessionId))
    .where(
      who.applicantId === null
        ? eq(payments.studentId, who.studentId)
        : or(eq(payments.studentId, who.studentId), eq(payments.applicantId, who.applicantId)),
    )
    .orderBy(desc(payments.createdAt))
    .limit(200);
}

/** The active items of a payment category (school fees: every item a student pays each session). */
export async function categoryItemIds(db: Exec, categoryId: number): Promise<number[]> {
  return referenceData(db, `payments:items:${categoryId}`, async () => {
    const rows = await db
      .select({ id: paymentItems.id })
      .from(paymentItems)
      .where(and(eq(paymentItems.categoryId, categoryId), eq(paymentItems.isActive, true)))
      .orderBy(asc(paymentItems.id));
    return rows.map((r) => r.id);
  });
}

/** The instalment rule of a category in a session (item-schedules), or null. */
export async function instalmentRule(db: Exec, sessionId: number, categoryId: number) {
  return referenceData(db, `payments:instalments:${sessionId}:${categoryId}`, async () => {
    const [row] = await db
      .select({
        allowInstalments: itemSchedules.allowInstalments,
        firstInstalmentPercent: itemSchedules.firstInstalmentPercent,
      })
      .from(itemSchedules)
      .where(and(eq(itemSchedules.sessionId, sessionId), eq(itemSchedules.categoryId, categoryId)))
      .limit(1);
    return row ?? null;
  });
}

/** A student payer's facts: who they are and what prices them. */
export async function findStudentPayer(db: Exec, studentId: number) {
  // Every school-fees page and fee standing without the row at hand: a named statement.
  const [row] = await preparedOn(db, 'student_payer', studentPayerQuery).execute({ studentId });
  return row ?? null;
}
function studentPayerQuery(db: Exec) {
  return db
    .select({
      id: students.id,
      matricNo: students.matricNo,
      email: students.email,
      phone: students.phone,
      firstName: students.firstName,
      lastName: students.lastName,
      otherName: students.otherName,
      stateId: students.stateId,
      levelId: students.levelId,
      levelName: levels.name,
      departmentId: students.departmentId,
      entryModeId: students.entryModeId,
      programmeId: coursesOfStudy.programmeId,
    })
    .from(students)
    .leftJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare('student_payer');
}

export async function studentAttempts(
  db: Exec,
  studentId: number,
  categoryId: number,
  sessionId: number | null,
  state?: PaymentState,
): Promise<PaymentRow[]> {
  // A session's attempts of every state (the school-fees page): a named statement.
  if (sessionId !== null && !state)
    return preparedOn(db, 'student_session_attempts', sessionAttemptsQuery).execute({
      studentId,
      categoryId,
      sessionId,
    });
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.studentId, studentId),
        eq(payments.categoryId, categoryId),
        sessionId === null ? undefined : eq(payments.sessionId, sessionId),
        state ? eq(payments.state, state) : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(50);
}
function sessionAttemptsQuery(db: Exec) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.studentId, sql.placeholder('studentId')),
        eq(payments.categoryId, sql.placeholder('categoryId')),
        eq(payments.sessionId, sql.placeholder('sessionId')),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(50)
    .prepare('student_session_attempts');
}

/** Every attempt of a student, newest first, a page at a time. */
export async function studentPaymentsPage(db: Exec, studentId: number, page: number, pageSize: number) {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.studentId, studentId));
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.studentId, studentId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const itemIds = [...new Set(rows.flatMap((r) => r.itemIds))];
  const items = itemIds.length
    ? await db
        .select({ id: paymentItems.id, name: paymentItems.name })
        .from(paymentItems)
        .where(inArray(paymentItems.id, itemIds))
    : [];
  return { total: count?.n ?? 0, rows, items };
}

/** What is credited against a student's account for a category and session (kobo). */
export async function feeAccount(db: Exec, studentId: number, sessionId: number, categoryId: number) {
  // Every fee standing reads it (registration, hostels, the dashboard): planned once per connection.
  const [row] = await preparedOn(db, 'fee_account', (d) =>
    d
      .select()
      .from(feeAccounts)
      .where(
        and(
          eq(feeAccounts.studentId, sql.placeholder('studentId')),
          eq(feeAccounts.sessionId, sql.placeholder('sessionId')),
          eq(feeAccounts.categoryId, sql.placeholder('categoryId')),
        ),
      )
      .limit(1)
      .prepare('fee_account'),
  ).execute({ studentId, sessionId, categoryId });
  return row ?? null;
}

/**
 * Opens (or re-prices) the account an attempt will be credited against. The due never drops
 * below what is already credited, so the CHECK cannot be broken by a fee change.
 */
export async function openFeeAccount(
  db: Exec,
  key: { studentId: number; sessionId: number; categoryId: number },
  dueKobo: number,
): Promise<void> {
  await db
    .insert(feeAccounts)
    .values({ ...key, dueKobo, paidKobo: 0 })
    .onConflictDoUpdate({
      target: [feeAccounts.studentId, feeAccounts.sessionId, feeAccounts.categoryId],
      set: { dueKobo: sql`greatest(excluded.due_kobo, ${feeAccounts.paidKobo})`, updatedAt: new Date() },
    });
}

/**
 * Credits an amount to a student's account. The CHECK (paid ≤ due) refuses a credit beyond what
 * is due; the row lock of the UPDATE serialises concurrent credits. Returns false when no account exists.
 */
export async function creditFeeAccount(
  db: Exec,
  key: { studentId: number; sessionId: number; categoryId: number },
  amountKobo: number,
): Promise<boolean> {
  const rows = await db
    .update(feeAccounts)
    .set({ paidKobo: sql`${feeAccounts.paidKobo} + ${amountKobo}`, updatedAt: new Date() })
    .where(
      and(
        eq(feeAccounts.studentId, key.studentId),
        eq(feeAccounts.sessionId, key.sessionId),
        eq(feeAccounts.categoryId, key.categoryId),
      ),
    )
    .returning({ id: feeAccounts.id });
  return rows.length > 0;
}
