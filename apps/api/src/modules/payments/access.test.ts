import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, payments, students } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * Who may call each money-and-documents route (ARCHITECTURE §8): every route of these modules
 * against anonymous, an applicant (applicant 7: admitted and paid), a student and an admin, every
 * cell stated. The sandbox's provider APIs check their own credentials, like the real ones.
 */
type Caller = 'anonymous' | 'applicant' | 'student' | 'admin';

describe('money and documents: route × caller table', () => {
  let t: TestApp;
  const headers: Record<Caller, Record<string, string>> = {
    anonymous: {},
    applicant: {},
    student: {},
    admin: {},
  };
  let receiptId = '';
  let letterId = '';
  let studentId = '';

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    headers.applicant = (await login(t.app, 'Applicant', '202410000007AG')).auth;
    headers.student = (await login(t.app, 'Student', 'DIT/2024/0001')).auth;
    headers.admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const [a7] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202410000007AG'));
    letterId = a7!.publicId;
    receiptId = (await t.database.db.select().from(payments).where(eq(payments.applicantId, a7!.id)))[0]!
      .publicId;
    studentId = (
      await t.database.db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0001'))
    )[0]!.publicId;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('answers every cell as stated', async () => {
    const table: { method: 'GET' | 'POST'; url: () => string; expect: Partial<Record<Caller, number>> }[] = [
      // Starting a payment: payType 10 for applicants only (a student is told it is not offered); applicant 7 has paid already (409).
      {
        method: 'POST',
        url: () => '/api/AddPayeePaymentMonnify?payType=10',
        expect: { anonymous: 401, applicant: 409, student: 400, admin: 403 },
      },
      {
        method: 'POST',
        url: () => '/api/AddPayeePaymentNomba?payType=10',
        expect: { anonymous: 401, applicant: 409, student: 400, admin: 403 },
      },
      {
        method: 'POST',
        url: () => '/api/AddPayeePayment?payType=10',
        expect: { anonymous: 401, applicant: 409, student: 400, admin: 403 },
      },
      // Checking a return: applicants and students, and only their own references (another's is 404).
      {
        method: 'GET',
        url: () => '/api/CheckPayeePaymentMonnify?paymentReference=DIT-ACC-SEED-202410000007AG',
        expect: { anonymous: 401, applicant: 200, student: 404, admin: 403 },
      },
      {
        method: 'GET',
        url: () => '/api/CheckPayeePaymentNomba?paymentReference=DIT-ACC-SEED-202410000007AG',
        expect: { anonymous: 401, applicant: 404, student: 404, admin: 403 },
      },
      {
        method: 'GET',
        url: () => '/api/CheckPayeePaymentRemita?paymentReference=DIT-ACC-SEED-202410000007AG',
        expect: { anonymous: 401, applicant: 404, student: 404, admin: 403 },
      },
      // Receipts and letters: public by their unguessable ids.
      {
        method: 'GET',
        url: () => `/api/PaymentReceiptByRRR?transactionId=${receiptId}`,
        expect: { anonymous: 200, applicant: 200, student: 200, admin: 200 },
      },
      {
        method: 'GET',
        url: () => `/api/SchoolFeesReceipt0?RRR=${receiptId}`,
        expect: { anonymous: 200, applicant: 200, student: 200, admin: 200 },
      },
      {
        method: 'GET',
        url: () => `/api/receipts/${receiptId}.pdf`,
        expect: { anonymous: 200, applicant: 200, student: 200, admin: 200 },
      },
      {
        method: 'GET',
        url: () => `/api/ProvisionalAdmissionLetter?applicantId=${letterId}`,
        expect: { anonymous: 200, applicant: 200, student: 200, admin: 200 },
      },
      {
        method: 'GET',
        url: () => `/api/letters/admission/${letterId}.pdf`,
        expect: { anonymous: 200, applicant: 200, student: 200, admin: 200 },
      },
      {
        method: 'GET',
        url: () => `/api/SIWESLETTER?StudId=${studentId}`,
        expect: { anonymous: 200, applicant: 200, student: 200, admin: 200 },
      },
      {
        method: 'GET',
        url: () => `/api/letters/siwes/${studentId}.pdf`,
        expect: { anonymous: 200, applicant: 200, student: 200, admin: 200 },
      },
      // The signed-in user's own links and documents.
      {
        method: 'GET',
        url: () => '/api/applicant/document-links',
        expect: { anonymous: 401, applicant: 200, student: 403, admin: 403 },
      },
      {
        method: 'GET',
        url: () => '/api/applicant/admission-documents/1.pdf',
        expect: { anonymous: 401, applicant: 200, student: 403, admin: 403 },
      },
      {
        method: 'GET',
        url: () => '/api/student/document-links',
        expect: { anonymous: 401, applicant: 403, student: 200, admin: 403 },
      },
      // Webhooks are public; without a valid signature they are refused whoever sends them.
      {
        method: 'POST',
        url: () => '/api/payments/webhooks/monnify',
        expect: { anonymous: 401, applicant: 401, student: 401, admin: 401 },
      },
      {
        method: 'POST',
        url: () => '/api/payments/webhooks/nomba',
        expect: { anonymous: 401, applicant: 401, student: 401, admin: 401 },
      },
      {
        method: 'POST',
        url: () => '/api/payments/webhooks/paystack',
        expect: { anonymous: 400, applicant: 400, student: 400, admin: 400 },
      },
      // The sandbox's provider APIs: their own credentials, never a portal session.
      {
        method: 'POST',
        url: () => '/api/sandbox/monnify/api/v1/auth/login',
        expect: { anonymous: 401, applicant: 401, student: 401, admin: 401 },
      },
      {
        method: 'GET',
        url: () => '/api/sandbox/monnify/api/v2/merchant/transactions/query?paymentReference=x',
        expect: { anonymous: 401, applicant: 401, student: 401, admin: 401 },
      },
      {
        method: 'POST',
        url: () => '/api/sandbox/nomba/v1/auth/token/issue',
        expect: { anonymous: 401, applicant: 401, student: 401, admin: 401 },
      },
      // School fees: the student's own statement and history; the bursary's debtors list.
      {
        method: 'GET',
        url: () => '/api/student/school-fees',
        expect: { anonymous: 401, applicant: 403, student: 200, admin: 403 },
      },
      {
        method: 'GET',
        url: () => '/api/student/payment-history',
        expect: { anonymous: 401, applicant: 403, student: 200, admin: 403 },
      },
      {
        method: 'POST',
        url: () => '/api/AddPayeePaymentMonnify?payType=1',
        expect: { anonymous: 401, applicant: 400, admin: 403 },
      },
      {
        method: 'GET',
        url: () => '/api/admin/debtors',
        expect: { anonymous: 401, applicant: 403, student: 403, admin: 200 },
      },
      {
        method: 'GET',
        url: () => '/api/admin/debtors/export?format=csv',
        expect: { anonymous: 401, applicant: 403, student: 403, admin: 200 },
      },
    ];
    const failures: string[] = [];
    for (const row of table) {
      for (const caller of Object.keys(row.expect) as Caller[]) {
        if (row.expect[caller] === undefined) continue;
        const response = await t.app.inject({
          method: row.method,
          url: row.url(),
          headers: {
            ...headers[caller],
            ...(row.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          payload: row.method === 'POST' ? '{}' : undefined,
        });
        if (response.statusCode !== row.expect[caller]) {
          failures.push(
            `${caller} ${row.method} ${row.url()}: ${response.statusCode} (wanted ${row.expect[caller]}) ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every route of these modules declares its access', () => {
    const mine = t.app.routeAccessTable.filter((r) =>
      /^\/api\/(AddPayeePayment|CheckPayeePayment|PaymentReceiptByRRR|SchoolFeesReceipt0|receipts\/|ProvisionalAdmissionLetter|SIWESLETTER|letters\/|applicant\/(document-links|admission-documents)|student\/(document-links|school-fees|payment-history)|admin\/debtors|payments\/|sandbox\/)/.test(
        r.url,
      ),
    );
    expect(mine.length).toBeGreaterThan(25);
    expect(mine.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
