import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, payments } from '../../db/schema/index.js';
import { seed } from '../../db/seed/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { qrDataUrl } from './verification.js';

describe('receipts', () => {
  let t: TestApp;
  let receiptId: string;
  let reference: string;
  let internalId: number;
  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    const [applicant] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202410000007AG'));
    const [paid] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicantId, applicant!.id), eq(payments.state, 'paid')));
    receiptId = paid!.publicId;
    reference = paid!.reference;
    internalId = paid!.id;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('the seed gives applicant 7 one paid Monnify acceptance fee, and stays idempotent', async () => {
    await seed(t.database.db);
    await seed(t.database.db);
    const [applicant] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202410000007AG'));
    const rows = await t.database.db.select().from(payments).where(eq(payments.applicantId, applicant!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'monnify',
      state: 'paid',
      amountKobo: 500_000,
      amountPaidKobo: 500_000,
      categoryId: 10,
      itemIds: [2],
    });
    expect(rows[0]!.publicId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers the receipt of spec section 3 by its public id, with a QR code of its verification page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/PaymentReceiptByRRR?transactionId=${receiptId}`,
    });
    expect(response.statusCode).toBe(200);
    const { Status, Data } = response.json();
    expect(Status).toBe('Ok');
    const verifyUrl = `http://portal.test/portal/QrCode?transactionId=${receiptId}`;
    expect(Data).toMatchObject({
      name: 'UDOH Emmanuel Effiong',
      matricNo: null,
      jambRegNo: '202410000007AG',
      payeeNo: '202410000007AG',
      payeeId: 1,
      level: '100 Level',
      department: 'Computer Science',
      courseOfStudy: 'Computer Science',
      paymentName: 'Acceptance Fee',
      session: '2024/2025',
      amount: 5000,
      charges: 0,
      amountPaid: 5000,
      transactionRef: reference,
      transactionId: receiptId,
      provider: 'monnify',
      paymentCategoryId: null,
      admittedSession: '2024/2025',
      program: 'UTME',
      verifyUrl,
      pdfUrl: `/api/receipts/${receiptId}.pdf`,
    });
    expect(Data.RRR).toMatch(/^MNFY\|/);
    expect(Data.QRcode).toBe(await qrDataUrl(verifyUrl));
    expect(Data.QRcode.startsWith('data:image/png;base64,')).toBe(true);
    // Only what verification needs: no e-mail, no phone number, no internal id.
    expect(response.body).not.toMatch(/applicant7@|0803123450|"id":/);
  });

  it('answers the school-fees breakdown (SchoolFeesReceipt0) by the same id', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/SchoolFeesReceipt0?RRR=${receiptId}` });
    expect(response.json()).toEqual({
      Status: 'Ok',
      Data: {
        details: [{ PaymentName: 'Acceptance Fee', IndigeneAmount: 5000, NonIndigeneAmount: 5000 }],
        totals0: [{ total: 5000 }],
        totals1: [{ total: 5000 }],
        MethodId: 1,
        amountPaid: 5000,
        Level: '100 Level',
      },
    });
  });

  it('renders the receipt as an A4 PDF with selectable text', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/receipts/${receiptId}.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Receipt-DIT-ACC-SEED-202410000007AG.pdf"/,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = await pdfTextContent(pdf);
    for (const expected of [
      'OFFICIAL PAYMENT RECEIPT',
      'UDOH Emmanuel Effiong',
      '202410000007AG',
      reference,
      '₦5,000.00',
      'PAID',
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('1,000 guessed receipt ids, sequential ids and malformed ones all miss', async () => {
    const guesses = Array.from({ length: 1000 }, () => randomBytes(16).toString('hex'));
    for (let i = 0; i < guesses.length; i += 100) {
      const batch = await Promise.all(
        guesses
          .slice(i, i + 100)
          .map((id) => t.app.inject({ method: 'GET', url: `/api/PaymentReceiptByRRR?transactionId=${id}` })),
      );
      expect(batch.every((r) => r.statusCode === 404)).toBe(true);
    }
    for (const id of [String(internalId), '1', '2', reference, `${receiptId}x`, receiptId.slice(0, 31)]) {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/PaymentReceiptByRRR?transactionId=${encodeURIComponent(id)}`,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/SchoolFeesReceipt0?RRR=${encodeURIComponent(id)}` }))
          .statusCode,
      ).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/receipts/${internalId}.pdf` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/receipts/${guesses[0]}.pdf` })).statusCode).toBe(
      404,
    );
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/PaymentReceiptByRRR?transactionId=${guesses[1]}`,
    });
    expect(missing.json()).toEqual({
      Status: 'NotFound',
      Message: 'No paid receipt with this transaction id was found.',
    });
  }, 240_000);
});
