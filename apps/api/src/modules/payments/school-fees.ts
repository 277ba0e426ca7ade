import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  SCHOOL_FEES_CATEGORY_ID,
  STATUS,
  koboToNaira,
  type ApplicantPaymentRow,
  type DebtorRow,
  type DebtorsQuery,
  type SchoolFeesStatement,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { AppError, notFound } from '../../platform/errors.js';
import { schoolParticulars } from '../../platform/school.js';
import { csvCell } from '../../platform/sheets.js';
import * as repo from './payments.repository.js';
import { studentDue, studentPayer } from './purposes.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function studentOnly(auth: AuthContext | null): number {
  if (!auth || auth.kind !== 'Student')
    throw new AppError(403, 'Only students have school fees.', STATUS.invalid);
  return auth.userId;
}

/** GET api/student/school-fees: the statement of the signed-in student for the current session. */
export async function schoolFeesStatement(db: Db, auth: AuthContext | null) {
  const studentId = studentOnly(auth);
  // The student's row, the current session (reference data) and then the rest at once.
  const [student, sessionId] = await Promise.all([
    repo.findStudentPayer(db, studentId),
    repo.currentAcademicSessionId(db),
  ]);
  if (!student) throw notFound();
  const payer = studentPayer(student);
  const level = student.levelName;
  const [due, session, attempts] = await Promise.all([
    studentDue(db, payer, SCHOOL_FEES_CATEGORY_ID, sessionId),
    repo.sessionName(db, sessionId),
    repo.studentAttempts(db, payer.id, SCHOOL_FEES_CATEGORY_ID, sessionId),
  ]);
  const open = due.lines.length > 0 && due.balanceKobo > 0;
  const data: SchoolFeesStatement = {
    SessionId: due.sessionId,
    Session: session,
    Level: level,
    Indigene: due.indigene,
    Lines: due.lines.map((l) => ({
      PaymentItemId: l.itemId,
      PaymentName: l.name,
      IndigeneAmount: koboToNaira(l.indigeneAmountKobo),
      NonIndigeneAmount: koboToNaira(l.nonIndigeneAmountKobo),
      Amount: koboToNaira(due.indigene ? l.indigeneAmountKobo : l.nonIndigeneAmountKobo),
    })),
    TotalIndigene: koboToNaira(due.totalIndigeneKobo),
    TotalNonIndigene: koboToNaira(due.totalNonIndigeneKobo),
    Total: koboToNaira(due.totalKobo),
    Paid: koboToNaira(due.paidKobo),
    Balance: koboToNaira(due.balanceKobo),
    AllowInstalments: due.allowInstalments,
    FirstInstalmentPercent: due.firstInstalmentPercent,
    MinimumFirstInstalment: koboToNaira(due.minimumFirstKobo),
    CanPayFull: open && due.paidKobo === 0,
    CanPayFirstInstalment: open && due.paidKobo === 0 && due.allowInstalments,
    CanPayBalance: open && due.paidKobo > 0,
    Attempts: attempts.map((p) => ({
      PaymentId: p.publicId,
      Provider: p.provider,
      Reference: p.reference,
      ProviderReference: p.providerReference,
      MethodId: p.methodId,
      Amount: koboToNaira(p.amountKobo),
      AmountPaid: p.amountPaidKobo === null ? null : koboToNaira(p.amountPaidKobo),
      State: p.state,
      Flag: p.flag,
      Date: new Date(p.createdAt).toISOString(),
      PaidAt: iso(p.paidAt),
    })),
  };
  return { Status: STATUS.ok, Data: data };
}

/** GET api/student/payment-history: every attempt of the signed-in student, newest first. */
export async function studentPaymentHistory(
  db: Db,
  auth: AuthContext | null,
  page: number,
  pageSize: number,
) {
  const studentId = studentOnly(auth);
  const { total, rows, items } = await repo.studentPaymentsPage(db, studentId, page, pageSize);
  const data: ApplicantPaymentRow[] = rows.map((p) => ({
    PaymentId: p.publicId,
    Provider: p.provider,
    Reference: p.reference,
    ProviderReference: p.providerReference,
    PaymentCategoryId: p.categoryId,
    PaymentName:
      p.itemIds
        .map((itemId) => items.find((i) => i.id === itemId)?.name)
        .filter(Boolean)
        .join(', ') || 'Payment',
    Amount: koboToNaira(p.amountKobo),
    Charges: koboToNaira(p.chargesKobo),
    AmountPaid: p.amountPaidKobo === null ? null : koboToNaira(p.amountPaidKobo),
    Currency: p.currency,
    State: p.state,
    Date: new Date(p.createdAt).toISOString(),
    PaidAt: iso(p.paidAt),
  }));
  return {
    Status: STATUS.ok,
    ...(total === 0 ? { Message: 'No payment has been made yet.' } : {}),
    Data: data,
    Page: page,
    PageSize: pageSize,
    Total: total,
  };
}

// ---------------------------------------------------------------------------------------------
// Debtors: the due function of purposes.ts (`studentDue`), set-based for a page of students —
// per student and item the most specific fee-schedule line (level, department, entry mode,
// programme; ties to the oldest line), the indigene rule, minus what the student's account holds.

type DebtorFilters = Omit<DebtorsQuery, 'page' | 'pageSize'>;

async function debtorsSession(db: Db, sessionId: number | undefined): Promise<number | null> {
  return sessionId ?? (await repo.currentAcademicSessionId(db));
}

function debtorsSql(
  sessionId: number,
  indigeneStateId: number,
  f: DebtorFilters,
  limit: number,
  offset: number,
) {
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql`
    with s as (
      select st.id, st.public_id, st.matric_no, st.first_name, st.last_name, st.other_name, st.state_id,
             st.level_id, st.department_id, st.entry_mode_id, cs.programme_id,
             d.name as department, l.name as level
      from students st
      left join courses_of_study cs on cs.id = st.course_of_study_id
      left join departments d on d.id = st.department_id
      left join levels l on l.id = st.level_id
      where st.is_active
        ${f.departmentId ? sql`and st.department_id = ${f.departmentId}` : sql``}
        ${f.levelId ? sql`and st.level_id = ${f.levelId}` : sql``}
        ${
          like
            ? sql`and (st.matric_no ilike ${like} or (st.first_name || ' ' || st.last_name) ilike ${like})`
            : sql``
        }
    ),
    best as (
      select distinct on (s.id, f.item_id) s.id as sid,
             case when s.state_id = ${indigeneStateId} then f.indigene_amount_kobo else f.non_indigene_amount_kobo end as amount
      from s
      join fee_schedule f on f.session_id = ${sessionId}
        and f.item_id in (select id from payment_items where category_id = ${SCHOOL_FEES_CATEGORY_ID} and is_active)
        and (f.level_id is null or f.level_id = s.level_id)
        and (f.department_id is null or f.department_id = s.department_id)
        and (f.entry_mode_id is null or f.entry_mode_id = s.entry_mode_id)
        and (f.programme_id is null or f.programme_id = s.programme_id)
      order by s.id, f.item_id,
        ((f.level_id is not null)::int + (f.department_id is not null)::int
          + (f.entry_mode_id is not null)::int + (f.programme_id is not null)::int) desc,
        f.id asc
    ),
    due as (select sid, sum(amount)::bigint as due from best group by sid)
    select s.public_id, s.matric_no, s.first_name, s.last_name, s.other_name,
           coalesce(s.state_id = ${indigeneStateId}, false) as indigene, s.department, s.level,
           due.due::bigint as due, coalesce(fa.paid_kobo, 0)::bigint as paid,
           count(*) over ()::int as total
    from s
    join due on due.sid = s.id
    left join fee_accounts fa on fa.student_id = s.id and fa.session_id = ${sessionId}
      and fa.category_id = ${SCHOOL_FEES_CATEGORY_ID}
    where due.due > coalesce(fa.paid_kobo, 0)
    order by s.matric_no
    limit ${limit} offset ${offset}`;
}

interface DebtorDbRow extends Record<string, unknown> {
  public_id: string;
  matric_no: string;
  first_name: string;
  last_name: string;
  other_name: string | null;
  indigene: boolean;
  department: string | null;
  level: string | null;
  due: string | number;
  paid: string | number;
  total: number;
}

function debtorOf(r: DebtorDbRow): DebtorRow {
  const due = Number(r.due);
  const paid = Number(r.paid);
  return {
    StudentId: r.public_id,
    MatricNo: r.matric_no,
    Name: [r.first_name, r.other_name, r.last_name].filter(Boolean).join(' '),
    Department: r.department,
    Level: r.level,
    Indigene: r.indigene === true,
    Due: koboToNaira(due),
    Paid: koboToNaira(paid),
    Balance: koboToNaira(due - paid),
  };
}

async function debtorRows(db: Db, sessionId: number, f: DebtorFilters, limit: number, offset: number) {
  // Both drivers answer `{ rows }`; the shared Db type leaves the result untyped.
  // The school's indigene state (School Management's) prices the fees, as studentDue does.
  const { indigeneStateId } = await schoolParticulars(db);
  const result = (await db.execute(debtorsSql(sessionId, indigeneStateId, f, limit, offset))) as unknown as {
    rows: DebtorDbRow[];
  };
  return result.rows;
}

/** GET api/admin/debtors: students owing school fees for a session, a page at a time. */
export async function debtors(db: Db, q: DebtorsQuery) {
  const sessionId = await debtorsSession(db, q.sessionId);
  if (!sessionId)
    return { Status: STATUS.ok, Data: [], Session: null, Page: q.page, PageSize: q.pageSize, Total: 0 };
  const rows = await debtorRows(db, sessionId, q, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    Status: STATUS.ok,
    ...(rows.length === 0 ? { Message: 'No student owes school fees for this session.' } : {}),
    Data: rows.map(debtorOf),
    Session: await repo.sessionName(db, sessionId),
    Page: q.page,
    PageSize: q.pageSize,
    Total: rows[0]?.total ?? 0,
  };
}

const EXPORT_COLUMNS: readonly [string, (r: DebtorRow) => string | number | null][] = [
  ['Matric No.', (r) => r.MatricNo],
  ['Name', (r) => r.Name],
  ['Department', (r) => r.Department],
  ['Level', (r) => r.Level],
  ['Indigene', (r) => (r.Indigene ? 'Yes' : 'No')],
  ['Due (NGN)', (r) => r.Due],
  ['Paid (NGN)', (r) => r.Paid],
  ['Balance (NGN)', (r) => r.Balance],
];
const EXPORT_MAX_ROWS = 100_000;

/** GET api/admin/debtors/export?format=csv|xlsx (audited). */
export async function exportDebtors(
  db: Db,
  actor: AuditActor,
  q: DebtorFilters & { format: 'csv' | 'xlsx' },
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  const sessionId = await debtorsSession(db, q.sessionId);
  const rows = sessionId ? (await debtorRows(db, sessionId, q, EXPORT_MAX_ROWS, 0)).map(debtorOf) : [];
  await audit(db, {
    actor,
    page: 'debtorslist',
    action: 'export',
    entity: 'students',
    entityId: null,
    before: null,
    after: {
      format: q.format,
      sessionId,
      departmentId: q.departmentId ?? null,
      levelId: q.levelId ?? null,
      rows: rows.length,
    },
  });
  const session = ((sessionId && (await repo.sessionName(db, sessionId))) || 'session').replace(/\W+/g, '-');
  const fileName = `debtors-${session}.${q.format}`;
  if (q.format === 'csv') {
    const text =
      '\uFEFF' +
      [
        EXPORT_COLUMNS.map(([t]) => csvCell(t)).join(','),
        ...rows.map((r) => EXPORT_COLUMNS.map(([, g]) => csvCell(g(r))).join(',')),
      ].join('\r\n') +
      '\r\n';
    return { stream: Readable.from([text]), contentType: 'text/csv; charset=utf-8', fileName };
  }
  const sheet = [
    EXPORT_COLUMNS.map(([title]) => ({ value: title, fontWeight: 'bold' as const })),
    ...rows.map((r) => EXPORT_COLUMNS.map(([, g]) => (g(r) === null ? null : { value: g(r) }))),
  ];
  const buffer = await (
    await import('write-excel-file/node')
  )
    .default(sheet as never, { sheet: 'Debtors' } as never)
    .toBuffer();
  return {
    stream: Readable.from([buffer]),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName,
  };
}
