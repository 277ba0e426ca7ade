import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_REGISTRATION_MESSAGES as M, type CourseRegistrationPage } from '@portal/contracts';
import {
  feeAccounts,
  lateRegistrationFees,
  payments,
  semesterRegistrations,
  semesters,
  students,
} from '../../db/schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { login, type TestApp } from '../../../test/helpers.js';
import { settle, startPaymentsApp, submitCheckout } from '../payments/test-support.js';

// Late course registration: the first semester's window is moved into its late days; a student
// with fees paid but no registration pays the late fee (payType 4, a purpose of the payments
// registry that this module registers) through the sandbox gateway, then registers.

type Auth = { authorization: string };
const PATH = '/api/student/course-registration';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('late course registration', () => {
  let t: TestApp & { url: string };
  let semesterId: number;
  beforeAll(async () => {
    t = await startPaymentsApp();
    const [first] = await db().select().from(semesters).where(eq(semesters.name, '2024/2025 First Semester'));
    semesterId = first!.id;
    await db()
      .update(semesterRegistrations)
      .set({
        opensOn: inDays(-30),
        closesOn: inDays(-2),
        lateClosesOn: inDays(10),
        addDropClosesOn: inDays(10),
      })
      .where(eq(semesterRegistrations.semesterId, semesterId));
  }, 120_000);
  afterAll(() => t?.close(), 60_000);
  const db = () => t.database.db;

  /** A new student like DIT/2024/0004 with the session's fees paid, signed in. */
  async function paidStudent(): Promise<{ id: number; auth: Auth }> {
    const [model] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2024/0004'));
    const { id: modelId, ...copy } = model!;
    const suffix = randomUUID().slice(0, 8);
    const [row] = await db()
      .insert(students)
      .values({
        ...copy,
        publicId: newPublicId(),
        matricNo: `LATE/${suffix}`,
        email: `late-${suffix}@demo.edu.ng`,
      })
      .returning();
    const [account] = await db().select().from(feeAccounts).where(eq(feeAccounts.studentId, modelId));
    await db()
      .insert(feeAccounts)
      .values({ ...account!, id: undefined, studentId: row!.id, paidKobo: account!.dueKobo });
    return { id: row!.id, auth: (await login(t.app, 'Student', row!.matricNo)).auth };
  }
  const page = async (auth: Auth): Promise<CourseRegistrationPage> =>
    (await t.app.inject({ method: 'GET', url: PATH, headers: auth })).json().Data;
  const start = (auth: Auth) =>
    t.app.inject({
      method: 'POST',
      url: '/api/AddPayeePaymentMonnify?payType=4',
      headers: auth,
      payload: {},
    });
  const submit = (auth: Auth, courseIds: number[]) =>
    t.app.inject({
      method: 'POST',
      url: PATH,
      headers: auth,
      payload: { SemesterId: semesterId, CourseIds: courseIds, IdempotencyKey: randomUUID() },
    });

  it('asks for the late fee, takes it once through the gateway, then lets the student register', async () => {
    const student = await paidStudent();
    const before = await page(student.auth);
    expect(before.Window).toMatchObject({ State: 'late', LateFee: 5000, LateFeePaid: false });
    expect(before.CanSubmit).toBe(false);
    expect(before.Reason).toBe('Late registration costs ₦5,000.00. Pay it before registering.');
    const compulsory = before.Courses.filter((c) => c.Type === 'Compulsory').map((c) => c.CourseId);
    expect((await submit(student.auth, compulsory)).statusCode).toBe(409);

    const started = await start(student.auth);
    expect(started.statusCode, started.body).toBe(200);
    const data = started.json().Data as { checkOutUrl: string; TransactionRef: string; Amount: number };
    expect(data.Amount).toBe(5000);
    // Paid at the gateway, the webhook sent twice: one fee recorded.
    const back = await submitCheckout(data.checkOutUrl, { webhook: 'twice' });
    expect(back.pathname).toBe('/portal/student/courseregistration');
    await settle(t);
    const fees = await db()
      .select()
      .from(lateRegistrationFees)
      .where(eq(lateRegistrationFees.studentId, student.id));
    expect(fees).toHaveLength(1);
    const again = await start(student.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe(M.lateFeePaid);

    const after = await page(student.auth);
    expect(after.Window.LateFeePaid).toBe(true);
    expect(after.CanSubmit).toBe(true);
    const registered = await submit(student.auth, compulsory);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().Data.Registration).toMatchObject({ State: 'submitted', IsLate: true });
    expect((await start(student.auth)).json().Message).toBe(M.lateNotDue);
  });

  it('refunds a second late fee paid at the gateway, never counting it', async () => {
    const student = await paidStudent();
    const first = (await start(student.auth)).json().Data as { checkOutUrl: string; TransactionRef: string };
    const second = (await start(student.auth)).json().Data as { checkOutUrl: string; TransactionRef: string };
    await submitCheckout(first.checkOutUrl, { webhook: 'once' });
    await submitCheckout(second.checkOutUrl, { webhook: 'once' });
    await settle(t);
    const rows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.studentId, student.id), eq(payments.categoryId, 4)));
    expect(rows.filter((p) => p.state === 'paid')).toHaveLength(1);
    expect(rows.filter((p) => p.flag?.startsWith('duplicate: the late registration fee'))).toHaveLength(1);
    const fees = await db()
      .select()
      .from(lateRegistrationFees)
      .where(eq(lateRegistrationFees.studentId, student.id));
    expect(fees).toHaveLength(1);
  });

  it('refuses the fee outside the late days and to an applicant', async () => {
    const student = await paidStudent();
    await db()
      .update(semesterRegistrations)
      .set({ closesOn: inDays(20), lateClosesOn: inDays(30) })
      .where(eq(semesterRegistrations.semesterId, semesterId));
    try {
      const refused = await start(student.auth);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().Message).toBe(M.lateNotOpen);
    } finally {
      await db()
        .update(semesterRegistrations)
        .set({ closesOn: inDays(-2), lateClosesOn: inDays(10) })
        .where(eq(semesterRegistrations.semesterId, semesterId));
    }
    const applicant = (await login(t.app, 'Applicant', 'applicant7@demo.edu.ng')).auth;
    expect((await start(applicant)).statusCode).toBeGreaterThanOrEqual(400);
  });
});
