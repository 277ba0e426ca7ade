import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

type Auth = Record<string, string>;

/** The fee schedule as a PDF: the page's rows and total, under the page's access rule. */
describe('GET /api/AdmissionFeeSchedule.pdf', () => {
  let t: TestApp;
  const who: Record<number, { id: number; auth: Auth }> = {};
  const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const naira = (amount: number) =>
    `₦${amount.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    for (const [stage, jamb] of [
      [5, '202410000005AE'],
      [6, '202410000006AF'],
    ] as const) {
      const session = await login(t.app, 'Applicant', jamb);
      who[stage] = { id: session.body.Data.ApplicantID, auth: session.auth };
    }
  });
  afterAll(() => t.close());

  it('holds the same rows, amounts and total as the page, for the applicant themself', async () => {
    for (const stage of [5, 6]) {
      const { id, auth } = who[stage]!;
      const page = (await get(`/api/AdmissionFeeSchedule?applicantId=${id}`, auth)).json().Data;
      expect(page.response.length).toBeGreaterThan(0);

      const pdf = await get(`/api/AdmissionFeeSchedule.pdf?applicantId=${id}`, auth);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="FeeSchedule-20241000000/);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = (await pdfTextContent(pdf.rawPayload)).replace(/\s+/g, ' ');
      for (const expected of [
        'Fee Schedule',
        'The details of all fees payable',
        `Session: ${page.SessionName}`,
        'Payment Name',
        'Amount (₦)',
        'PLEASE NOTE: All fees should be duly paid online through COLLEGE PORTAL.',
        ...page.response.flatMap((row: { PaymentName: string; Amount: number }, index: number) => [
          `${index + 1} ${row.PaymentName} ${naira(row.Amount)}`,
        ]),
        `Total ${naira(page.Total)}`,
      ])
        expect(text, `applicant ${stage}`).toContain(expected);
    }
    // An indigene and a non-indigene pay different amounts: each PDF shows its own.
    const [five, six] = await Promise.all(
      [5, 6].map(async (stage) =>
        pdfTextContent(
          (await get(`/api/AdmissionFeeSchedule.pdf?applicantId=${who[stage]!.id}`, who[stage]!.auth))
            .rawPayload,
        ),
      ),
    );
    expect(five).not.toEqual(six);
  });

  it("refuses another applicant's schedule, strangers, admins and bad ids as the page does", async () => {
    const five = who[5]!;
    const six = who[6]!;
    const admin = await login(t.app, 'Admin', 'admin@demo.edu.ng');
    for (const [url, auth] of [
      [`/api/AdmissionFeeSchedule.pdf?applicantId=${six.id}`, five.auth],
      [`/api/AdmissionFeeSchedule.pdf?applicantId=${five.id}`, undefined],
      [`/api/AdmissionFeeSchedule.pdf?applicantId=${five.id}`, admin.auth],
      ['/api/AdmissionFeeSchedule.pdf?applicantId=abc', five.auth],
      ['/api/AdmissionFeeSchedule.pdf?applicantId=2147483648', five.auth],
      ['/api/AdmissionFeeSchedule.pdf', five.auth],
    ] as const) {
      const pdf = await get(url, auth);
      const page = await get(url.replace('.pdf', ''), auth);
      expect(pdf.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(pdf.statusCode, url).toBe(page.statusCode);
      expect(pdf.headers['content-type'], url).toMatch(/^application\/json/);
      expect(pdf.json(), url).toEqual(page.json());
    }
  });
});
