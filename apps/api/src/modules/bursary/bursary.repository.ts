import { and, asc, desc, eq, ilike, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BursaryPaymentFilters } from '@portal/contracts';
import {
  academicSessions,
  admins,
  applicants,
  departments,
  levels,
  paymentCategories,
  paymentItems,
  paymentSessionMoves,
  payments,
  states,
  students,
} from '../../db/schema/index.js';
import { countSql, likeEscape, type Exec } from '../../platform/db.js';

/**
 * The bursary's only Drizzle code: payments read with their payer (a student or an applicant), the
 * payer's department, level and state of origin, the session and the category; the session moves.
 */

export interface PaymentWhere extends Omit<BursaryPaymentFilters, 'from' | 'to'> {
  start?: Date;
  end?: Date;
}

/** The payer's department, level and state: the student's, else the applicant's. */
const payerDepartmentId = sql`coalesce(${students.departmentId}, ${applicants.departmentId})`;
const payerLevelId = sql`coalesce(${students.levelId}, ${applicants.levelId})`;
const payerStateId = sql`coalesce(${students.stateId}, ${applicants.stateId})`;
/** The date a payment is listed and filtered by: when it was paid, else when it was started. */
const paymentDate = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;
const kobo = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);
const FLAG_KINDS = ['underpaid', 'overpaid', 'duplicate'] as const;
const flagLike = (kind: string) => sql`${payments.flag} like ${`${kind}%`}`;
/** Names of a payment's items, in id order (JSON, which both drivers parse alike). */
const itemNames = sql<
  string[]
>`(select coalesce(json_agg(${paymentItems.name} order by ${paymentItems.id}), '[]'::json) from ${paymentItems} where ${paymentItems.id} = any(${payments.itemIds}))`;

function flagCondition(flag: PaymentWhere['flag']): SQL | undefined {
  switch (flag) {
    case undefined:
      return undefined;
    case 'any':
      return isNotNull(payments.flag);
    case 'none':
      return isNull(payments.flag);
    case 'other':
      return and(isNotNull(payments.flag), ...FLAG_KINDS.map((kind) => sql`not ${flagLike(kind)}`));
    default:
      return flagLike(flag);
  }
}

/** A reference (anywhere in it), a matric or JAMB number (its start), or up to four name words. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const text = likeEscape(search);
  const words = search.split(/\s+/).filter(Boolean).slice(0, 4).map(likeEscape);
  return or(
    ilike(payments.reference, `%${text}%`),
    ilike(students.matricNo, `${text}%`),
    ilike(applicants.jambRegNo, `${text}%`),
    and(
      ...words.map((word) =>
        or(
          ilike(students.lastName, `${word}%`),
          ilike(students.firstName, `${word}%`),
          ilike(students.otherName, `${word}%`),
          ilike(applicants.lastName, `${word}%`),
          ilike(applicants.firstName, `${word}%`),
          ilike(applicants.otherName, `${word}%`),
        ),
      ),
    ),
  );
}

export function paymentWhere(f: PaymentWhere): SQL | undefined {
  return and(
    f.state && f.state !== 'all' ? eq(payments.state, f.state) : undefined,
    f.sessionId ? eq(payments.sessionId, f.sessionId) : undefined,
    f.categoryId ? eq(payments.categoryId, f.categoryId) : undefined,
    f.itemId ? sql`${f.itemId} = any(${payments.itemIds})` : undefined,
    f.departmentId ? sql`${payerDepartmentId} = ${f.departmentId}` : undefined,
    f.levelId ? sql`${payerLevelId} = ${f.levelId}` : undefined,
    f.payerStateId ? sql`${payerStateId} = ${f.payerStateId}` : undefined,
    f.payerKind === 'student' ? isNotNull(payments.studentId) : undefined,
    f.payerKind === 'applicant' ? isNotNull(payments.applicantId) : undefined,
    f.provider ? eq(sql`lower(${payments.provider})`, f.provider.toLowerCase()) : undefined,
    flagCondition(f.flag),
    f.start ? sql`${paymentDate} >= ${f.start.toISOString()}` : undefined,
    f.end ? sql`${paymentDate} < ${f.end.toISOString()}` : undefined,
    searchCondition(f.search),
  );
}

const paymentColumns = {
  id: payments.id,
  publicId: payments.publicId,
  reference: payments.reference,
  provider: payments.provider,
  state: payments.state,
  flag: payments.flag,
  applicantId: payments.applicantId,
  studentId: payments.studentId,
  matricNo: students.matricNo,
  jambRegNo: applicants.jambRegNo,
  studentLast: students.lastName,
  studentFirst: students.firstName,
  studentOther: students.otherName,
  applicantLast: applicants.lastName,
  applicantFirst: applicants.firstName,
  applicantOther: applicants.otherName,
  departmentName: departments.name,
  levelName: levels.name,
  payerStateName: states.name,
  sessionId: payments.sessionId,
  sessionName: academicSessions.name,
  categoryId: payments.categoryId,
  categoryName: paymentCategories.name,
  items: itemNames,
  methodId: payments.methodId,
  amountKobo: payments.amountKobo,
  amountPaidKobo: payments.amountPaidKobo,
  chargesKobo: payments.chargesKobo,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
};
export type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number];

/** Payments with their payer, session and category (the joins every filter may need). */
function selectPayments(db: Exec) {
  return db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(students, eq(students.id, payments.studentId))
    .leftJoin(applicants, eq(applicants.id, payments.applicantId))
    .leftJoin(departments, eq(departments.id, payerDepartmentId))
    .leftJoin(levels, eq(levels.id, payerLevelId))
    .leftJoin(states, eq(states.id, payerStateId))
    .leftJoin(academicSessions, eq(academicSessions.id, payments.sessionId))
    .innerJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId));
}

const totalsColumns = {
  count: countSql(),
  amountKobo: kobo(sql`sum(${payments.amountKobo})`),
  amountPaidKobo: kobo(sql`sum(${payments.amountPaidKobo})`),
  chargesKobo: kobo(sql`sum(${payments.chargesKobo})`),
};

/** The count and sums of the payments a filter selects (the totals shown above the list). */
export async function paymentTotals(db: Exec, where: SQL | undefined) {
  const [row] = await db
    .select(totalsColumns)
    .from(payments)
    .leftJoin(students, eq(students.id, payments.studentId))
    .leftJoin(applicants, eq(applicants.id, payments.applicantId))
    .where(where);
  return row ?? { count: 0, amountKobo: 0, amountPaidKobo: 0, chargesKobo: 0 };
}

const SORTS = {
  date: paymentDate,
  amount: sql`coalesce(${payments.amountPaidKobo}, ${payments.amountKobo})`,
  reference: sql`${payments.reference}`,
};

export async function listPayments(
  db: Exec,
  f: PaymentWhere,
  sort: keyof typeof SORTS,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
) {
  const where = paymentWhere(f);
  const direction = order === 'asc' ? asc : desc;
  const [totals, rows] = await Promise.all([
    paymentTotals(db, where),
    selectPayments(db)
      .where(where)
      .orderBy(direction(SORTS[sort]), direction(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { rows, totals };
}

/** One batch of an export: newest id first, below `beforeId`. */
export async function paymentsBatch(db: Exec, f: PaymentWhere, beforeId: number | undefined, limit: number) {
  return selectPayments(db)
    .where(and(paymentWhere(f), beforeId ? lt(payments.id, beforeId) : undefined))
    .orderBy(desc(payments.id))
    .limit(limit);
}

export async function paymentById(db: Exec, id: number) {
  const [row] = await selectPayments(db).where(eq(payments.id, id)).limit(1);
  return row;
}

// ─────────────── the filters' choices ───────────────

export async function options(db: Exec) {
  const [sessions, categories, items, departmentRows, levelRows, stateRows, providers] = await Promise.all([
    db
      .select({ id: academicSessions.id, name: academicSessions.name, isCurrent: academicSessions.isCurrent })
      .from(academicSessions)
      .orderBy(desc(academicSessions.name)),
    db
      .select({ id: paymentCategories.id, name: paymentCategories.name })
      .from(paymentCategories)
      .orderBy(asc(paymentCategories.name)),
    db
      .select({ id: paymentItems.id, name: paymentItems.name, categoryId: paymentItems.categoryId })
      .from(paymentItems)
      .orderBy(asc(paymentItems.name)),
    db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .orderBy(asc(departments.name)),
    db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(asc(levels.rank)),
    db.select({ id: states.id, name: states.name }).from(states).orderBy(asc(states.name)),
    db.selectDistinct({ provider: payments.provider }).from(payments),
  ]);
  return {
    sessions,
    categories,
    items,
    departments: departmentRows,
    levels: levelRows,
    states: stateRows,
    providers: providers.map((p) => p.provider),
  };
}

export async function sessionById(db: Exec, id: number) {
  const [row] = await db.select().from(academicSessions).where(eq(academicSessions.id, id)).limit(1);
  return row;
}

export async function currentSession(db: Exec) {
  const [row] = await db
    .select()
    .from(academicSessions)
    .orderBy(desc(academicSessions.isCurrent), desc(academicSessions.name))
    .limit(1);
  return row;
}

// ─────────────── PaymentHistory ───────────────

const studentColumns = {
  id: students.id,
  matricNo: students.matricNo,
  firstName: students.firstName,
  lastName: students.lastName,
  otherName: students.otherName,
  email: students.email,
  departmentName: departments.name,
  levelName: levels.name,
  stateName: states.name,
};

function selectStudents(db: Exec) {
  return db
    .select(studentColumns)
    .from(students)
    .leftJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(states, eq(states.id, students.stateId));
}

/** Students by matric number (its start), e-mail (its start) or up to four name words. */
export async function searchStudents(db: Exec, search: string, page: number, pageSize: number) {
  const text = likeEscape(search);
  const words = search.split(/\s+/).filter(Boolean).slice(0, 4).map(likeEscape);
  const where = or(
    ilike(students.matricNo, `${text}%`),
    ilike(students.email, `${text}%`),
    and(
      ...words.map((word) =>
        or(
          ilike(students.lastName, `${word}%`),
          ilike(students.firstName, `${word}%`),
          ilike(students.otherName, `${word}%`),
        ),
      ),
    ),
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: countSql() }).from(students).where(where),
    selectStudents(db)
      .where(where)
      .orderBy(asc(students.matricNo))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function studentById(db: Exec, id: number) {
  const [row] = await selectStudents(db).where(eq(students.id, id)).limit(1);
  return row;
}

/** Every attempt of one student, newest first, with the student's paid totals. */
export async function studentPayments(db: Exec, studentId: number, page: number, pageSize: number) {
  const mine = eq(payments.studentId, studentId);
  const [[count], paid, rows] = await Promise.all([
    db.select({ n: countSql() }).from(payments).where(mine),
    paymentTotals(db, and(mine, eq(payments.state, 'paid'))),
    selectPayments(db)
      .where(mine)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { rows, total: count?.n ?? 0, paid };
}

// ─────────────── revenue ───────────────

/** Paid payments in [start, end) by their paid date, optionally of one session and category. */
function revenueWhere(r: { start: Date; end: Date; sessionId?: number; categoryId?: number }) {
  return and(
    eq(payments.state, 'paid'),
    sql`${payments.paidAt} >= ${r.start.toISOString()}`,
    sql`${payments.paidAt} < ${r.end.toISOString()}`,
    r.sessionId ? eq(payments.sessionId, r.sessionId) : undefined,
    r.categoryId ? eq(payments.categoryId, r.categoryId) : undefined,
  );
}

/** Revenue is what was credited: the amount due of each paid payment (an overpayment's excess is refunded). */
const revenueColumns = { count: countSql(), amountKobo: kobo(sql`sum(${payments.amountKobo})`) };

export async function revenue(
  db: Exec,
  r: { start: Date; end: Date; sessionId?: number; categoryId?: number },
) {
  const where = revenueWhere(r);
  // The day in West Africa Time (UTC+1 all year).
  const day = sql<string>`to_char(${payments.paidAt} at time zone 'UTC' + interval '1 hour', 'YYYY-MM-DD')`;
  const [total, byCategory, byDepartment, byDay] = await Promise.all([
    db.select(revenueColumns).from(payments).where(where),
    db
      .select({ categoryId: payments.categoryId, categoryName: paymentCategories.name, ...revenueColumns })
      .from(payments)
      .innerJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId))
      .where(where)
      .groupBy(payments.categoryId, paymentCategories.name)
      .orderBy(desc(sql`sum(${payments.amountKobo})`), asc(paymentCategories.name)),
    db
      .select({ departmentId: departments.id, departmentName: departments.name, ...revenueColumns })
      .from(payments)
      .leftJoin(students, eq(students.id, payments.studentId))
      .leftJoin(applicants, eq(applicants.id, payments.applicantId))
      .leftJoin(departments, eq(departments.id, payerDepartmentId))
      .where(where)
      .groupBy(departments.id, departments.name)
      .orderBy(desc(sql`sum(${payments.amountKobo})`), asc(departments.name)),
    db
      .select({ day, ...revenueColumns })
      .from(payments)
      .where(where)
      .groupBy(day)
      .orderBy(day),
  ]);
  return { total: total[0] ?? { count: 0, amountKobo: 0 }, byCategory, byDepartment, byDay };
}

// ─────────────── SummaryofPayments ───────────────

const flagged = (kind: string) => sql`${payments.flag} is not null and ${flagLike(kind)}`;
const summaryColumns = {
  attempts: countSql(),
  paidCount: sql<number>`(count(*) filter (where ${payments.state} = 'paid'))::int`,
  paidKobo: kobo(sql`sum(${payments.amountKobo}) filter (where ${payments.state} = 'paid')`),
  receivedKobo: kobo(
    sql`sum(coalesce(${payments.amountPaidKobo}, ${payments.amountKobo})) filter (where ${payments.state} = 'paid')`,
  ),
  chargesKobo: kobo(sql`sum(${payments.chargesKobo}) filter (where ${payments.state} = 'paid')`),
  pendingCount: sql<number>`(count(*) filter (where ${payments.state} = 'pending'))::int`,
  failedCount: sql<number>`(count(*) filter (where ${payments.state} = 'failed'))::int`,
  expiredCount: sql<number>`(count(*) filter (where ${payments.state} = 'expired'))::int`,
  flaggedCount: sql<number>`(count(*) filter (where ${payments.flag} is not null))::int`,
  underpaidCount: sql<number>`(count(*) filter (where ${flagged('underpaid')}))::int`,
  underpaidKobo: kobo(sql`sum(${payments.amountPaidKobo}) filter (where ${flagged('underpaid')})`),
  overpaidCount: sql<number>`(count(*) filter (where ${flagged('overpaid')}))::int`,
  overpaidExcessKobo: kobo(
    sql`sum(${payments.amountPaidKobo} - ${payments.amountKobo}) filter (where ${flagged('overpaid')})`,
  ),
  duplicateCount: sql<number>`(count(*) filter (where ${flagged('duplicate')}))::int`,
  duplicateKobo: kobo(sql`sum(${payments.amountPaidKobo}) filter (where ${flagged('duplicate')})`),
  otherFlaggedCount: sql<number>`(count(*) filter (where ${payments.flag} is not null and not (${flagLike('underpaid')} or ${flagLike('overpaid')} or ${flagLike('duplicate')})))::int`,
};

/** A session's payments by category and provider (one row per pair), counts and sums. */
export async function summary(db: Exec, sessionId: number) {
  return db
    .select({
      categoryId: payments.categoryId,
      categoryName: paymentCategories.name,
      provider: sql<string>`lower(${payments.provider})`,
      ...summaryColumns,
    })
    .from(payments)
    .innerJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId))
    .where(eq(payments.sessionId, sessionId))
    .groupBy(payments.categoryId, paymentCategories.name, sql`lower(${payments.provider})`)
    .orderBy(asc(paymentCategories.name), asc(sql`lower(${payments.provider})`));
}

// ─────────────── UpdatePaymentSession ───────────────

/**
 * Moves a paid payment from `fromSessionId` to `toSessionId` only if it is still paid and still in
 * `fromSessionId`: of two officers moving it at once, the second finds nothing to update.
 */
export async function moveSession(
  db: Exec,
  id: number,
  fromSessionId: number | null,
  toSessionId: number,
): Promise<boolean> {
  const moved = await db
    .update(payments)
    .set({ sessionId: toSessionId, updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, id),
        eq(payments.state, 'paid'),
        fromSessionId === null ? isNull(payments.sessionId) : eq(payments.sessionId, fromSessionId),
        ne(sql`coalesce(${payments.sessionId}, 0)`, toSessionId),
      ),
    )
    .returning({ id: payments.id });
  return moved.length === 1;
}

export async function recordMove(
  db: Exec,
  move: {
    paymentId: number;
    fromSessionId: number | null;
    toSessionId: number;
    reason: string;
    adminId: number;
  },
) {
  const [row] = await db.insert(paymentSessionMoves).values(move).returning({ id: paymentSessionMoves.id });
  return row!.id;
}

const fromSession = sql<
  string | null
>`(select ${academicSessions.name} from ${academicSessions} where ${academicSessions.id} = ${paymentSessionMoves.fromSessionId})`;
const toSession = sql<string>`(select ${academicSessions.name} from ${academicSessions} where ${academicSessions.id} = ${paymentSessionMoves.toSessionId})`;

function selectMoves(db: Exec) {
  return db
    .select({
      id: paymentSessionMoves.id,
      paymentId: paymentSessionMoves.paymentId,
      reference: payments.reference,
      matricNo: students.matricNo,
      jambRegNo: applicants.jambRegNo,
      studentLast: students.lastName,
      studentFirst: students.firstName,
      applicantLast: applicants.lastName,
      applicantFirst: applicants.firstName,
      categoryName: paymentCategories.name,
      fromSessionName: fromSession,
      toSessionName: toSession,
      reason: paymentSessionMoves.reason,
      movedBy: admins.email,
      movedAt: paymentSessionMoves.movedAt,
    })
    .from(paymentSessionMoves)
    .innerJoin(payments, eq(payments.id, paymentSessionMoves.paymentId))
    .innerJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId))
    .innerJoin(admins, eq(admins.id, paymentSessionMoves.adminId))
    .leftJoin(students, eq(students.id, payments.studentId))
    .leftJoin(applicants, eq(applicants.id, payments.applicantId));
}
export type MoveRow = Awaited<ReturnType<typeof selectMoves>>[number];

export async function moveById(db: Exec, id: number) {
  const [row] = await selectMoves(db).where(eq(paymentSessionMoves.id, id)).limit(1);
  return row;
}

export async function listMoves(
  db: Exec,
  f: { search?: string; paymentId?: number },
  page: number,
  pageSize: number,
) {
  const text = f.search ? likeEscape(f.search) : undefined;
  const where = and(
    f.paymentId ? eq(paymentSessionMoves.paymentId, f.paymentId) : undefined,
    text
      ? or(
          ilike(payments.reference, `%${text}%`),
          ilike(students.matricNo, `${text}%`),
          ilike(applicants.jambRegNo, `${text}%`),
          ilike(students.lastName, `${text}%`),
          ilike(applicants.lastName, `${text}%`),
        )
      : undefined,
  );
  const [[total], rows] = await Promise.all([
    db
      .select({ n: countSql() })
      .from(paymentSessionMoves)
      .innerJoin(payments, eq(payments.id, paymentSessionMoves.paymentId))
      .leftJoin(students, eq(students.id, payments.studentId))
      .leftJoin(applicants, eq(applicants.id, payments.applicantId))
      .where(where),
    selectMoves(db)
      .where(where)
      .orderBy(desc(paymentSessionMoves.movedAt), desc(paymentSessionMoves.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { rows, total: total?.n ?? 0 };
}
