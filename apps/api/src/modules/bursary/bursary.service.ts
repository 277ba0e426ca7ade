import type { z } from 'zod';
import {
  BURSARY_MESSAGES,
  BURSARY_PAGES,
  REVENUE_MAX_DAYS,
  STATUS,
  koboToNaira,
  type BursaryPaymentFilters,
  type BursaryPaymentItem,
  type MoveSessionRequest,
  type PaymentFlagKind,
  type SessionMove,
  type SummaryLine,
  type bursaryExportQuery,
  type bursaryPaymentsQuery,
  type revenueQuery,
  type sessionMovesQuery,
  type summaryExportQuery,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { PG_UNIQUE_VIOLATION, paged, pgErrorCode } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { sheetFile, type SheetColumn } from '../../platform/sheets.js';
import { dayRange, iso, isoRequired } from '../../platform/time.js';
import { paymentMovedSession } from '../payments/payments.service.js';
import * as repo from './bursary.repository.js';

const EXPORT_BATCH = 1000;

const fullName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

export function flagKind(flag: string | null): PaymentFlagKind | null {
  if (!flag) return null;
  for (const kind of ['underpaid', 'overpaid', 'duplicate'] as const) if (flag.startsWith(kind)) return kind;
  return 'other';
}

function paymentItem(r: repo.PaymentRow): BursaryPaymentItem {
  const isStudent = r.studentId !== null;
  const isApplicant = !isStudent && r.applicantId !== null;
  const shown = r.state === 'paid' && r.amountPaidKobo !== null ? r.amountPaidKobo : r.amountKobo;
  return {
    id: r.id,
    transactionId: r.publicId,
    reference: r.reference,
    provider: r.provider,
    state: r.state,
    flag: r.flag,
    flagKind: flagKind(r.flag),
    payerKind: isStudent ? 'student' : isApplicant ? 'applicant' : null,
    payerId: isStudent ? r.studentId : isApplicant ? r.applicantId : null,
    payerName: isStudent
      ? fullName(r.studentLast, r.studentFirst, r.studentOther)
      : fullName(r.applicantLast, r.applicantFirst, r.applicantOther),
    regNo: isStudent ? r.matricNo : isApplicant ? r.jambRegNo : null,
    departmentName: r.departmentName,
    levelName: r.levelName,
    payerStateName: r.payerStateName,
    sessionId: r.sessionId,
    sessionName: r.sessionName,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    items: Array.isArray(r.items) ? r.items : [],
    methodId: r.methodId,
    amountKobo: r.amountKobo,
    amountPaidKobo: r.amountPaidKobo,
    chargesKobo: r.chargesKobo,
    amount: koboToNaira(shown),
    createdAt: isoRequired(r.createdAt),
    paidAt: iso(r.paidAt),
  };
}

function totals(t: { count: number; amountKobo: number; amountPaidKobo: number; chargesKobo: number }) {
  return {
    ...t,
    amountNaira: koboToNaira(t.amountKobo),
    amountPaidNaira: koboToNaira(t.amountPaidKobo),
    chargesNaira: koboToNaira(t.chargesKobo),
  };
}

function moveItem(r: repo.MoveRow): SessionMove {
  const isStudent = r.matricNo !== null;
  return {
    id: r.id,
    paymentId: r.paymentId,
    reference: r.reference,
    payerName: isStudent
      ? fullName(r.studentLast, r.studentFirst)
      : fullName(r.applicantLast, r.applicantFirst),
    regNo: r.matricNo ?? r.jambRegNo,
    categoryName: r.categoryName,
    fromSessionName: r.fromSessionName,
    toSessionName: r.toSessionName,
    reason: r.reason,
    movedBy: r.movedBy,
    movedAt: isoRequired(r.movedAt),
  };
}

function whereOf(f: BursaryPaymentFilters): repo.PaymentWhere {
  const { from, to, ...rest } = f;
  const { start, end } = dayRange(from, to, { from: 'From date', to: 'To date' });
  return {
    ...rest,
    provider: rest.provider || undefined,
    search: rest.search || undefined,
    start,
    end,
  };
}

const naira = (kobo: number | null) => (kobo === null ? null : koboToNaira(kobo));

const PAYMENT_EXPORT_COLUMNS: SheetColumn<BursaryPaymentItem>[] = [
  { header: 'Reference', cell: (p) => p.reference },
  { header: 'Payer', cell: (p) => p.payerName },
  { header: 'Payer type', cell: (p) => p.payerKind },
  { header: 'Matric/JAMB number', cell: (p) => p.regNo },
  { header: 'Department', cell: (p) => p.departmentName },
  { header: 'Level', cell: (p) => p.levelName },
  { header: 'State of origin', cell: (p) => p.payerStateName },
  { header: 'Session', cell: (p) => p.sessionName },
  { header: 'Category', cell: (p) => p.categoryName },
  { header: 'Items', cell: (p) => p.items.join('; ') },
  { header: 'Provider', cell: (p) => p.provider },
  { header: 'State', cell: (p) => p.state },
  { header: 'Flag', cell: (p) => p.flag },
  { header: 'Amount due (NGN)', cell: (p) => naira(p.amountKobo) },
  { header: 'Amount paid (NGN)', cell: (p) => naira(p.amountPaidKobo) },
  { header: 'Charges (NGN)', cell: (p) => naira(p.chargesKobo) },
  { header: 'Started', cell: (p) => p.createdAt },
  { header: 'Paid', cell: (p) => p.paidAt },
];

const SUMMARY_EXPORT_COLUMNS: SheetColumn<SummaryLine & { categoryName: string; provider: string }>[] = [
  { header: 'Category', cell: (r) => r.categoryName },
  { header: 'Provider', cell: (r) => r.provider },
  { header: 'Attempts', cell: (r) => r.attempts },
  { header: 'Paid', cell: (r) => r.paidCount },
  { header: 'Credited (NGN)', cell: (r) => koboToNaira(r.paidKobo) },
  { header: 'Received (NGN)', cell: (r) => koboToNaira(r.receivedKobo) },
  { header: 'Charges (NGN)', cell: (r) => koboToNaira(r.chargesKobo) },
  { header: 'Pending', cell: (r) => r.pendingCount },
  { header: 'Failed', cell: (r) => r.failedCount },
  { header: 'Expired', cell: (r) => r.expiredCount },
  { header: 'Flagged', cell: (r) => r.flaggedCount },
  { header: 'Underpaid', cell: (r) => r.underpaidCount },
  { header: 'Underpaid received (NGN)', cell: (r) => koboToNaira(r.underpaidKobo) },
  { header: 'Overpaid', cell: (r) => r.overpaidCount },
  { header: 'Overpaid excess (NGN)', cell: (r) => koboToNaira(r.overpaidExcessKobo) },
  { header: 'Duplicate', cell: (r) => r.duplicateCount },
  { header: 'Duplicate received (NGN)', cell: (r) => koboToNaira(r.duplicateKobo) },
  { header: 'Other flags', cell: (r) => r.otherFlaggedCount },
];

const ZERO_LINE: SummaryLine = {
  attempts: 0,
  paidCount: 0,
  paidKobo: 0,
  receivedKobo: 0,
  chargesKobo: 0,
  pendingCount: 0,
  failedCount: 0,
  expiredCount: 0,
  flaggedCount: 0,
  underpaidCount: 0,
  underpaidKobo: 0,
  overpaidCount: 0,
  overpaidExcessKobo: 0,
  duplicateCount: 0,
  duplicateKobo: 0,
  otherFlaggedCount: 0,
};
const LINE_KEYS = Object.keys(ZERO_LINE) as (keyof SummaryLine)[];

function addLines(into: SummaryLine, line: SummaryLine): SummaryLine {
  for (const key of LINE_KEYS) into[key] += line[key];
  return into;
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** The bursary's reads and its one change (a payment's session), audited. */
export class BursaryService {
  constructor(private readonly db: Db) {}

  async options() {
    return { Status: STATUS.ok, Data: await repo.options(this.db) };
  }

  async payments(q: z.output<typeof bursaryPaymentsQuery>) {
    const { page, pageSize, sort, order, ...filters } = q;
    const { rows, totals: t } = await repo.listPayments(
      this.db,
      whereOf(filters),
      sort,
      order,
      page,
      pageSize,
    );
    return { ...paged(rows.map(paymentItem), page, pageSize, t.count), Totals: totals(t) };
  }

  /** The filtered list as CSV (streamed by batches of 1,000) or XLSX (at most 100,000 rows); audited. */
  async exportPayments(actor: AuditActor, q: z.output<typeof bursaryExportQuery>) {
    const { format, ...filters } = q;
    const where = whereOf(filters);
    await audit(this.db, {
      actor,
      page: BURSARY_PAGES.studentPayments,
      action: 'export',
      entity: 'payments',
      entityId: null,
      before: null,
      after: { format, filters },
    });
    const db = this.db;
    async function* batches() {
      let beforeId: number | undefined;
      for (;;) {
        const rows = await repo.paymentsBatch(db, where, beforeId, EXPORT_BATCH);
        if (rows.length === 0) return;
        yield rows.map(paymentItem);
        if (rows.length < EXPORT_BATCH) return;
        beforeId = rows[rows.length - 1]!.id;
      }
    }
    return sheetFile({
      columns: PAYMENT_EXPORT_COLUMNS,
      batches,
      format,
      fileName: `payments-${stamp()}.${format}`,
      sheetName: 'Payments',
    });
  }

  async searchStudents(search: string, page: number, pageSize: number) {
    const { rows, total } = await repo.searchStudents(this.db, search, page, pageSize);
    return paged(rows.map(studentItem), page, pageSize, total, BURSARY_MESSAGES.studentNotFound);
  }

  async studentPayments(studentId: number, page: number, pageSize: number) {
    const student = await repo.studentById(this.db, studentId);
    if (!student) throw notFound(BURSARY_MESSAGES.studentNotFound);
    const { rows, total, paid } = await repo.studentPayments(this.db, studentId, page, pageSize);
    return {
      ...paged(rows.map(paymentItem), page, pageSize, total),
      Student: studentItem(student),
      Totals: totals(paid),
    };
  }

  async revenue(q: z.output<typeof revenueQuery>) {
    const { start, end } = dayRange(q.from, q.to, { from: 'From date', to: 'To date' });
    const days = Math.round((end!.getTime() - start!.getTime()) / 86_400_000);
    if (days > REVENUE_MAX_DAYS) {
      throw badRequest(BURSARY_MESSAGES.rangeTooLong(REVENUE_MAX_DAYS));
    }
    const r = await repo.revenue(this.db, {
      start: start!,
      end: end!,
      sessionId: q.sessionId,
      categoryId: q.categoryId,
    });
    const line = <T extends { count: number; amountKobo: number }>(x: T) => ({
      ...x,
      amountNaira: koboToNaira(x.amountKobo),
    });
    const byDay = new Map(r.byDay.map((d) => [d.day, d]));
    const series = [];
    for (let i = 0; i < days; i += 1) {
      const day = new Date(Date.parse(`${q.from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      series.push(
        line({ day, count: byDay.get(day)?.count ?? 0, amountKobo: byDay.get(day)?.amountKobo ?? 0 }),
      );
    }
    return {
      Status: STATUS.ok,
      Data: {
        from: q.from,
        to: q.to,
        total: line(r.total),
        byCategory: r.byCategory.map(line),
        byDepartment: r.byDepartment.map(line),
        byDay: series,
      },
    };
  }

  async summary(sessionId?: number) {
    const session = sessionId
      ? await repo.sessionById(this.db, sessionId)
      : await repo.currentSession(this.db);
    if (!session) throw notFound(BURSARY_MESSAGES.sessionNotFound);
    const rows = await repo.summary(this.db, session.id);
    const byCategory = new Map<number, SummaryLine & { categoryId: number; categoryName: string }>();
    const byProvider = new Map<string, SummaryLine & { provider: string }>();
    const total = { ...ZERO_LINE };
    for (const row of rows) {
      const { categoryId, categoryName, provider, ...line } = row;
      if (!byCategory.has(categoryId)) byCategory.set(categoryId, { ...ZERO_LINE, categoryId, categoryName });
      if (!byProvider.has(provider)) byProvider.set(provider, { ...ZERO_LINE, provider });
      addLines(byCategory.get(categoryId)!, line);
      addLines(byProvider.get(provider)!, line);
      addLines(total, line);
    }
    return {
      Status: STATUS.ok,
      Data: {
        sessionId: session.id,
        sessionName: session.name,
        rows: rows.map(({ categoryId: _, ...row }) => row),
        byCategory: [...byCategory.values()],
        byProvider: [...byProvider.values()],
        total,
      },
    };
  }

  async exportSummary(actor: AuditActor, q: z.output<typeof summaryExportQuery>) {
    const { Data } = await this.summary(q.sessionId);
    await audit(this.db, {
      actor,
      page: BURSARY_PAGES.summary,
      action: 'export',
      entity: 'payments_summary',
      entityId: Data.sessionId,
      before: null,
      after: { format: q.format, session: Data.sessionName },
    });
    const lines = [...Data.rows, { ...Data.total, categoryName: 'Total', provider: '' }];
    return sheetFile({
      columns: SUMMARY_EXPORT_COLUMNS,
      batches: async function* () {
        yield lines;
      },
      format: q.format,
      fileName: `payments-summary-${Data.sessionName.replace(/\W+/g, '-')}-${stamp()}.${q.format}`,
      sheetName: 'Summary',
    });
  }

  /**
   * Moves a paid payment to another session, with the officer's reason: the conditional update,
   * the move's record and the audit row commit together. The payment must still be in the session
   * the officer saw (`fromSessionId`), so of two officers moving it at once only one succeeds.
   */
  async moveSession(actor: AuditActor, paymentId: number, input: MoveSessionRequest) {
    const target = await repo.sessionById(this.db, input.toSessionId);
    if (!target) throw notFound(BURSARY_MESSAGES.sessionNotFound);
    let moveId: number;
    try {
      moveId = await this.db.transaction(async (tx) => {
        const before = await repo.paymentById(tx, paymentId);
        if (!before) throw notFound(BURSARY_MESSAGES.paymentNotFound);
        if (before.state !== 'paid') throw conflict(BURSARY_MESSAGES.notPaid);
        if (before.sessionId === input.toSessionId) {
          throw conflict(
            input.fromSessionId === input.toSessionId
              ? BURSARY_MESSAGES.sameSession
              : BURSARY_MESSAGES.movedMeanwhile,
          );
        }
        if (!(await repo.moveSession(tx, paymentId, input.fromSessionId, input.toSessionId))) {
          throw conflict(BURSARY_MESSAGES.movedMeanwhile);
        }
        // What the payment's purpose keeps per session (a student's school-fee account) follows it.
        await paymentMovedSession(tx, paymentId, input.fromSessionId, input.toSessionId);
        const id = await repo.recordMove(tx, {
          paymentId,
          fromSessionId: before.sessionId,
          toSessionId: input.toSessionId,
          reason: input.reason,
          adminId: actor.adminId,
        });
        await audit(tx, {
          actor,
          page: BURSARY_PAGES.updateSession,
          action: 'move_session',
          entity: 'payment',
          entityId: paymentId,
          before: { reference: before.reference, sessionId: before.sessionId, session: before.sessionName },
          after: {
            reference: before.reference,
            sessionId: target.id,
            session: target.name,
            reason: input.reason,
          },
        });
        return id;
      });
    } catch (error) {
      // A unique rule of the payments (one paid fee per payer and session) refuses the move.
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(BURSARY_MESSAGES.moveClash);
      throw error;
    }
    const [payment, move] = await Promise.all([
      repo.paymentById(this.db, paymentId),
      repo.moveById(this.db, moveId),
    ]);
    return {
      Status: STATUS.ok,
      Message: BURSARY_MESSAGES.moved(target.name),
      Data: { payment: paymentItem(payment!), move: moveItem(move!) },
    };
  }

  async moves(q: z.output<typeof sessionMovesQuery>) {
    const { rows, total } = await repo.listMoves(
      this.db,
      { search: q.search || undefined, paymentId: q.paymentId },
      q.page,
      q.pageSize,
    );
    return paged(rows.map(moveItem), q.page, q.pageSize, total);
  }
}

function studentItem(s: NonNullable<Awaited<ReturnType<typeof repo.studentById>>>) {
  return {
    id: s.id,
    matricNo: s.matricNo,
    name: fullName(s.lastName, s.firstName, s.otherName),
    email: s.email,
    departmentName: s.departmentName,
    levelName: s.levelName,
    stateName: s.stateName,
  };
}
