import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, coursesOfStudy, payments, students } from '../../db/schema/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { qrDataUrl } from '../../platform/verification.js';

describe('admission and SIWES letters', () => {
  let t: TestApp;
  const publicIdOf = async (jamb: string) =>
    (await t.database.db.select().from(applicants).where(eq(applicants.jambRegNo, jamb)))[0]!;
  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('answers the provisional admission letter of an admitted applicant by its public id', async () => {
    const applicant = await publicIdOf('202410000007AG');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/ProvisionalAdmissionLetter?applicantId=${applicant.publicId}`,
    });
    expect(response.statusCode).toBe(200);
    const { Data } = response.json();
    const verifyUrl = `${t.config.PUBLIC_URL}/portal/AdmissionLetter?applicantId=${applicant.publicId}`;
    expect(Data).toMatchObject({
      lastName: 'Udoh',
      firstName: 'Emmanuel',
      otherName: 'Effiong',
      jambRegNo: '202410000007AG',
      EntryModeId: 1,
      session: '2024/2025',
      courseOfStudy: 'Computer Science',
      faculty: 'Faculty of Science',
      FullName: 'UDOH Emmanuel Effiong',
      YearsToGraduate: 4,
      ModeType: 'UTME',
      DepartmentName: 'Computer Science',
      heading: 'DEMO INSTITUTE OF TECHNOLOGY',
      acceptanceFee: 5000,
      acceptanceDays: 5,
      resumptionDate: '2025-01-25',
      registrationClosesOn: '2025-02-08',
      registrationWeeks: 2,
      lateRegistrationFee: 5000,
      verifyUrl,
      pdfUrl: `/api/letters/admission/${applicant.publicId}.pdf`,
    });
    expect(Data.QRcode).toBe(await qrDataUrl(verifyUrl));
    const text = Data.paragraphs.join(' ');
    expect(text).toContain('non-refundable acceptance fee of ₦5,000.00');
    expect(text).toContain('within 5 days');
    expect(text).toContain('25 January 2025');
    expect(text).toContain('within two weeks of resumption, by 8 February 2025');
    expect(text).toContain('late registration fee of ₦5,000.00');
    expect(Data.feeRows).toContain('Bank / Interswitch service charge');
    expect(Data.feeRows).toContain('Tuition');
    expect(Data.fees.map((f: { PaymentName: string }) => f.PaymentName)).not.toContain('Late Registration');
    expect(response.body).not.toMatch(/applicant7@|"ApplicantID"|"id":/);
  });

  it("takes the session, resumption date and registration deadline from the admission session's set-up", async () => {
    const admin = await login(t.app, 'Admin', 'admin@demo.edu.ng');
    const sessions = (
      await t.app.inject({ method: 'GET', url: '/api/admin/admission-sessions', headers: admin.auth })
    ).json().Data;
    const session = sessions.find((s: { name: string }) => s.name === '2024/2025');
    const edit = (terms: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/admission-sessions/${session.id}`,
        headers: admin.auth,
        payload: {
          name: session.name,
          academicSessionId: session.academicSessionId,
          isCurrent: session.isCurrent,
          resumptionDate: session.resumptionDate,
          registrationClosesOn: session.registrationClosesOn,
          ...terms,
        },
      });
    const letter = async () => {
      const applicant = await publicIdOf('202410000007AG');
      return (
        await t.app.inject({
          method: 'GET',
          url: `/api/ProvisionalAdmissionLetter?applicantId=${applicant.publicId}`,
        })
      ).json().Data;
    };
    try {
      expect(
        (await edit({ resumptionDate: '2025-02-03', registrationClosesOn: '2025-02-24' })).statusCode,
      ).toBe(200);
      const moved = await letter();
      expect(moved).toMatchObject({
        resumptionDate: '2025-02-03',
        registrationClosesOn: '2025-02-24',
        registrationWeeks: 3,
      });
      expect(moved.paragraphs.join(' ')).toContain(
        'Resumption for the 2024/2025 session is 3 February 2025. Registration must be completed within three weeks of resumption, by 24 February 2025',
      );
    } finally {
      await edit({ resumptionDate: '2025-01-25', registrationClosesOn: '2025-02-08' });
    }
  });

  it('chooses the Direct Entry heading for EntryModeId 2', async () => {
    const applicant = await publicIdOf('202410000006AF');
    await t.database.db.update(applicants).set({ entryModeId: 2 }).where(eq(applicants.id, applicant.id));
    const { Data } = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ProvisionalAdmissionLetter?applicantId=${applicant.publicId}`,
      })
    ).json();
    expect(Data).toMatchObject({ EntryModeId: 2, ModeType: 'Direct Entry', YearsToGraduate: 3 });
    expect(Data.heading).toBe(
      'DEMO INSTITUTE OF TECHNOLOGY - INSTITUTE OF DIRECT ENTRY AND ADVANCED STUDIES',
    );
    await t.database.db.update(applicants).set({ entryModeId: 1 }).where(eq(applicants.id, applicant.id));
  });

  it('has no letter for an applicant who is not admitted', async () => {
    const applicant = await publicIdOf('202410000003AC');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/ProvisionalAdmissionLetter?applicantId=${applicant.publicId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/letters/admission/${applicant.publicId}.pdf` }))
        .statusCode,
    ).toBe(404);
  });

  it('renders the admission letter as an A4 PDF with selectable text', async () => {
    const applicant = await publicIdOf('202410000007AG');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/letters/admission/${applicant.publicId}.pdf`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfTextContent(response.rawPayload);
    for (const expected of [
      'PROVISIONAL ADMISSION LETTER',
      'UDOH Emmanuel Effiong',
      '202410000007AG',
      '₦5,000.00',
      '25 January 2025',
      'Registrar',
    ]) {
      expect(text).toContain(expected);
    }
    expect(response.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('answers the SIWES letter by the student’s public id: 3 months for Computer Science, 6 otherwise', async () => {
    const [student] = await t.database.db
      .select()
      .from(students)
      .where(eq(students.matricNo, 'DIT/2024/0001'));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/SIWESLETTER?StudId=${student!.publicId}`,
    });
    expect(response.statusCode).toBe(200);
    const { Data } = response.json();
    const verifyUrl = `${t.config.PUBLIC_URL}/portal/SiwesLetter?StudId=${student!.publicId}`;
    expect(Data).toMatchObject({
      SIWESFormRef: 'DIT/SIWES/2024-2025/DIT20240001',
      Name: 'ABUBAKAR Halima',
      MatricNumber: 'DIT/2024/0001',
      levelId: student!.levelId,
      Level: '100 Level',
      CourseOfStudy: 'Computer Science',
      GraduatingLevel: '400 Level',
      DurationMonths: 3,
      verifyUrl,
    });
    expect(Data.QRcode).toBe(await qrDataUrl(verifyUrl));
    expect(response.body).not.toMatch(/student1@|08030000000/);

    const [microbiology] = await t.database.db
      .select()
      .from(coursesOfStudy)
      .where(eq(coursesOfStudy.name, 'Microbiology'));
    const [other] = await t.database.db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0002'));
    await t.database.db
      .update(students)
      .set({ courseOfStudyId: microbiology!.id })
      .where(eq(students.id, other!.id));
    const six = (
      await t.app.inject({ method: 'GET', url: `/api/SIWESLETTER?StudId=${other!.publicId}` })
    ).json();
    expect(six.Data).toMatchObject({ CourseOfStudy: 'Microbiology', DurationMonths: 6 });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/letters/siwes/${student!.publicId}.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfTextContent(pdf.rawPayload);
    for (const expected of ['SIWES PLACEMENT LETTER', 'ABUBAKAR Halima', 'DIT/2024/0001', '3 months'])
      expect(text).toContain(expected);
  });

  it('gives the applicant the ids the dashboard links to, by admission level', async () => {
    const seven = await login(t.app, 'Applicant', '202410000007AG');
    const a7 = await publicIdOf('202410000007AG');
    const [receipt] = await t.database.db.select().from(payments).where(eq(payments.applicantId, a7.id));
    const links = (
      await t.app.inject({ method: 'GET', url: '/api/applicant/document-links', headers: seven.auth })
    ).json();
    expect(links.Data).toMatchObject({
      AdmissionLetterId: a7.publicId,
      AcceptanceReceiptId: receipt!.publicId,
      AdmissionLevel: 4,
      ReceiptPdfUrl: `/api/receipts/${receipt!.publicId}.pdf`,
      AdmissionLetterPdfUrl: `/api/letters/admission/${a7.publicId}.pdf`,
    });
    expect(links.Data.Documents.map((d: { Available: boolean }) => d.Available)).toEqual([
      true,
      true,
      true,
      true,
    ]);

    const six = await login(t.app, 'Applicant', '202410000006AF');
    const level3 = (
      await t.app.inject({ method: 'GET', url: '/api/applicant/document-links', headers: six.auth })
    ).json();
    expect(level3.Data).toMatchObject({ AdmissionLevel: 3, AcceptanceReceiptId: null, ReceiptPdfUrl: null });
    expect(level3.Data.AdmissionLetterId).toMatch(/^[0-9a-f]{32}$/);
    expect(level3.Data.Documents.map((d: { Available: boolean }) => d.Available)).toEqual([
      true,
      false,
      false,
      false,
    ]);

    const three = await login(t.app, 'Applicant', '202410000003AC');
    const none = (
      await t.app.inject({ method: 'GET', url: '/api/applicant/document-links', headers: three.auth })
    ).json();
    expect(none.Data).toMatchObject({
      AdmissionLetterId: null,
      AcceptanceReceiptId: null,
      AdmissionLetterPdfUrl: null,
    });

    const student = await login(t.app, 'Student', 'DIT/2024/0001');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applicant/document-links', headers: student.auth }))
        .statusCode,
    ).toBe(403);
    const siwes = (
      await t.app.inject({ method: 'GET', url: '/api/student/document-links', headers: student.auth })
    ).json();
    expect(siwes.Data.SiwesLetterId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('serves the four admission documents to their applicant only, once each is due', async () => {
    const seven = await login(t.app, 'Applicant', '202410000007AG');
    const expectations: Record<number, string[]> = {
      1: ['PROVISIONAL ADMISSION LETTER'],
      2: ['ACCEPTANCE FEE PAYMENT INFORMATION', 'DIT-ACC-SEED-202410000007AG', '₦5,000.00'],
      3: ['MEDICAL EXAMINATION FORM', 'Genotype'],
      4: ['UNDERTAKING AND ATTESTATION FORM', 'I, UDOH Emmanuel Effiong'],
    };
    for (const n of [1, 2, 3, 4]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/applicant/admission-documents/${n}.pdf`,
        headers: seven.auth,
      });
      expect(response.statusCode).toBe(200);
      const text = await pdfTextContent(response.rawPayload);
      for (const expected of expectations[n]!) expect(text).toContain(expected);
    }
    const six = await login(t.app, 'Applicant', '202410000006AF');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/applicant/admission-documents/1.pdf',
          headers: six.auth,
        })
      ).statusCode,
    ).toBe(200);
    const early = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/admission-documents/2.pdf',
      headers: six.auth,
    });
    expect(early.statusCode).toBe(409);
    const three = await login(t.app, 'Applicant', '202410000003AC');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/applicant/admission-documents/1.pdf',
          headers: three.auth,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/applicant/admission-documents/5.pdf',
          headers: seven.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/applicant/admission-documents/1.pdf' })).statusCode,
    ).toBe(401);
  });

  it('1,000 guessed letter ids and sequential ids all miss', async () => {
    const guesses = Array.from({ length: 1000 }, () => randomBytes(16).toString('hex'));
    for (let i = 0; i < guesses.length; i += 100) {
      const batch = await Promise.all(
        guesses
          .slice(i, i + 100)
          .flatMap((id) => [
            t.app.inject({ method: 'GET', url: `/api/ProvisionalAdmissionLetter?applicantId=${id}` }),
            t.app.inject({ method: 'GET', url: `/api/SIWESLETTER?StudId=${id}` }),
          ]),
      );
      expect(batch.every((r) => r.statusCode === 404)).toBe(true);
    }
    const a7 = await publicIdOf('202410000007AG');
    for (const id of ['1', '7', String(a7.id), '202410000007AG', 'DIT/2024/0001']) {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/ProvisionalAdmissionLetter?applicantId=${encodeURIComponent(id)}`,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/SIWESLETTER?StudId=${encodeURIComponent(id)}` }))
          .statusCode,
      ).toBe(404);
    }
  }, 240_000);
});
