import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_CHARGE_NOTE } from '@portal/contracts';
import { applicants, payments, students } from '../../db/schema/index.js';
import { seed } from '../../db/seed/index.js';
import { newPublicId } from '../../platform/ids.js';
import { formatNaira, pdfTextContent } from '../../platform/pdf.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { qrDataUrl } from '../../platform/verification.js';

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
    const verifyUrl = `${t.config.PUBLIC_URL}/portal/QrCode?transactionId=${receiptId}`;
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
      // The programme of the course of study, not the entry mode (UTME).
      program: 'Bachelor of Science (B.Sc.)',
      institutionName: 'Demo Institute of Technology',
      institutionShortName: 'DIT',
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

  it('names on a student’s receipt the institution and the programme, and explains the service charge', async () => {
    const [student] = await t.database.db
      .select()
      .from(students)
      .where(eq(students.matricNo, 'DIT/2024/0004'));
    const [paid] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.studentId, student!.id), eq(payments.state, 'paid')));
    const json = await t.app.inject({
      method: 'GET',
      url: `/api/PaymentReceiptByRRR?transactionId=${paid!.publicId}`,
    });
    expect(json.json().Data).toMatchObject({
      matricNo: 'DIT/2024/0004',
      program: 'Bachelor of Science (B.Sc.)',
      institutionName: 'Demo Institute of Technology',
    });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/receipts/${paid!.publicId}.pdf` });
    const lines = (await pdfTextContent(pdf.rawPayload)).split('\n');
    expect(lines[lines.indexOf('Programme:') + 1]).toBe('Bachelor of Science (B.Sc.)');
    // Headed with the institution (its monogram, then its name).
    expect(lines.slice(0, 3)).toContain('DEMO INSTITUTE OF TECHNOLOGY');
    expect(lines).not.toContain('UTME');
    // The gateway's fee is not the payer's service charge: the receipt says so, in one sentence.
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(RECEIPT_CHARGE_NOTE);
  });

  it('the receipt lines add up to the total, and the PDF prints the same lines with the same labels', async () => {
    // The seeded payment carries Monnify's ₦75 fee, taken from the institution's settlement.
    expect(
      (await t.database.db.select().from(payments).where(eq(payments.id, internalId)))[0]!.chargesKobo,
    ).toBe(7_500);
    const [applicant6] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202410000006AF'));
    // An overpayment (flagged for refund) adds a line of its own.
    const [overpaid] = await t.database.db
      .insert(payments)
      .values({
        publicId: newPublicId(),
        provider: 'nomba',
        reference: 'DIT-ACC-TEST-OVERPAID',
        payeeTypeId: 1,
        applicantId: applicant6!.id,
        categoryId: 10,
        itemIds: [2],
        sessionId: (await t.database.db.select().from(payments).where(eq(payments.id, internalId)))[0]!
          .sessionId,
        methodId: 1,
        amountKobo: 500_000,
        chargesKobo: 8_400,
        currency: 'NGN',
        state: 'paid',
        amountPaidKobo: 600_000,
        flag: 'overpaid: received 600000 kobo, expected 500000; excess 100000 to refund',
        paidAt: new Date(),
      })
      .returning();
    const cases = [
      {
        id: receiptId,
        lines: [
          ['item', 'Acceptance Fee', 500_000],
          ['charge', 'Bank / Interswitch service charge', 0],
          ['total', 'Total Paid', 500_000],
        ],
      },
      {
        id: overpaid!.publicId,
        lines: [
          ['item', 'Acceptance Fee', 500_000],
          ['charge', 'Bank / Interswitch service charge', 0],
          ['excess', 'Paid above the fee (to be refunded)', 100_000],
          ['total', 'Total Paid', 600_000],
        ],
      },
    ] as const;
    for (const { id, lines } of cases) {
      const { Data } = (
        await t.app.inject({ method: 'GET', url: `/api/PaymentReceiptByRRR?transactionId=${id}` })
      ).json();
      expect(
        Data.lines.map((l: { kind: string; label: string; amountKobo: number }) => [
          l.kind,
          l.label,
          l.amountKobo,
        ]),
      ).toEqual(lines);
      const total = Data.lines.at(-1).amountKobo;
      const parts = Data.lines
        .slice(0, -1)
        .reduce((s: number, l: { amountKobo: number }) => s + l.amountKobo, 0);
      expect(parts).toBe(total);
      expect(Data.amountPaid * 100).toBe(total);
      expect(Data.charges * 100).toBe(
        Data.lines.find((l: { kind: string }) => l.kind === 'charge').amountKobo,
      );
      for (const line of Data.lines) expect(line.amount * 100).toBe(line.amountKobo);

      const text = await pdfTextContent(
        (await t.app.inject({ method: 'GET', url: `/api/receipts/${id}.pdf` })).rawPayload,
      );
      // Each line in order, label then amount, exactly as the page's data has it.
      let from = 0;
      for (const line of Data.lines) {
        const at = text.indexOf(line.label, from);
        expect(at, line.label).toBeGreaterThanOrEqual(0);
        const amount = text.indexOf(formatNaira(line.amountKobo), at);
        expect(amount, `${line.label} amount`).toBeGreaterThan(at);
        from = amount;
      }
      expect(text).not.toContain('₦75.00');
      expect(text).not.toMatch(/Amount due|gateway charges/);
    }
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
