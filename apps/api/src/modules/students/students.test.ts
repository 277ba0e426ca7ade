import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  academicSessions,
  applicants,
  auditLog,
  levels,
  payments,
  semesterRegistrations,
  semesters,
  studentDocuments,
  students,
} from '../../db/schema/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { newStorageKey } from '../../platform/storage.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { TINY_JPEG, filesUnder, multipart, smallPdf } from '../applicants/test-support.js';

type Auth = Record<string, string>;

describe('the student area', () => {
  let t: TestApp;
  let s1: Auth;
  let s2: Auth;
  let s3: Auth;
  let applicant: Auth;
  let admin: Auth;

  beforeAll(async () => {
    t = await startTestApp();
    s1 = (await login(t.app, 'Student', 'DIT/2024/0001')).auth;
    s2 = (await login(t.app, 'Student', 'student2@demo.edu.ng')).auth;
    s3 = (await login(t.app, 'Student', 'DIT/2023/0003')).auth;
    applicant = (await login(t.app, 'Applicant', 'applicant2@demo.edu.ng')).auth;
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Auth = {}) => t.app.inject({ method: 'GET', url, headers });
  const db = () => t.database.db;
  const uploadAs = (auth: Auth, kind: string, data: Buffer, name: string, type: string) => {
    const body = multipart(name, type, data);
    return t.app.inject({
      method: 'POST',
      url: `/api/student/uploads/${kind}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  describe('sign-in', () => {
    it('answers the student pages as RoleData and EntryTypeId by the indigene state', async () => {
      const indigene = await login(t.app, 'Student', 'student1@demo.edu.ng');
      expect(indigene.body.Data).toMatchObject({ MatricNo: 'DIT/2024/0001', EntryTypeId: 1 });
      const pages = indigene.body.RoleData.map((p: { Page: string }) => p.Page);
      expect(pages).toEqual(
        expect.arrayContaining([
          'dashboard',
          'profile',
          'documentdownload',
          'documentupload',
          'Matriculation',
          'Result',
          'ReportCard',
        ]),
      );
      expect(indigene.body.RoleData[0]).toEqual({
        Menu_Id: 1,
        Menu_Name: 'Student',
        Menu_Icon: 'dashboard',
        Page: 'dashboard',
      });
      const other = await login(t.app, 'Student', 'DIT/2024/0002');
      expect(other.body.Data.EntryTypeId).toBe(2);
    });

    it('leaves Matriculation out of RoleData for a student with no matriculation record, and refuses it', async () => {
      const [before] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2024/0002'));
      await db().update(students).set({ matriculatedAt: null }).where(eq(students.id, before!.id));
      try {
        const { body, auth } = await login(t.app, 'Student', 'DIT/2024/0002');
        expect(body.RoleData.map((p: { Page: string }) => p.Page)).not.toContain('Matriculation');
        const pagesNow = (await get('/api/student/pages', auth)).json().Data;
        expect(pagesNow).toEqual(body.RoleData);
        const refused = await get('/api/student/matriculation', auth);
        expect(refused.statusCode).toBe(403);
        expect((await get('/api/student/matriculation.pdf', auth)).statusCode).toBe(403);
      } finally {
        await db()
          .update(students)
          .set({ matriculatedAt: before!.matriculatedAt })
          .where(eq(students.id, before!.id));
      }
    });

    it('refuses a disabled student with a clear message', async () => {
      await db().update(students).set({ isActive: false }).where(eq(students.matricNo, 'DIT/2024/0002'));
      try {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/Account/Login',
          payload: { Username: 'DIT/2024/0002', Password: 'Portal@2025', userMode: 'Student' },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().Message).toBe(
          'Your student account has been disabled. Please contact the registry.',
        );
        expect(response.json().LoginToken).toBeUndefined();
        // A session opened before the switch is refused on its next request.
        const open = await get('/api/student/profile', s2);
        expect(open.statusCode).toBe(403);
        expect(open.json().Message).toBe(
          'Your student account has been disabled. Please contact the registry.',
        );
      } finally {
        await db().update(students).set({ isActive: true }).where(eq(students.matricNo, 'DIT/2024/0002'));
      }
    });
  });

  describe('access', () => {
    const routes = [
      '/api/student/pages',
      '/api/student/profile',
      '/api/student/dashboard',
      '/api/student/documents',
      '/api/student/uploads',
      '/api/student/matriculation',
      '/api/student/matriculation.pdf',
      '/api/student/uploads/medical_report/file',
      '/api/student/forms/1/download',
    ];
    it('refuses applicants, admins and anonymous callers on every student route', async () => {
      for (const url of routes) {
        expect((await get(url)).statusCode, url).toBe(401);
        expect((await get(url, applicant)).statusCode, url).toBe(403);
        expect((await get(url, admin)).statusCode, url).toBe(403);
      }
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/student/profile',
        headers: admin,
        payload: { PhoneNumber: '08031234567', Address: '1 Admin Way' },
      });
      expect(put.statusCode).toBe(403);
      expect(
        (await uploadAs(applicant, 'medical_report', await smallPdf(), 'm.pdf', 'application/pdf'))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('profile', () => {
    it('shows the caller’s own record, programme and level read-only', async () => {
      const one = (await get('/api/student/profile', s1)).json().Data;
      expect(one).toMatchObject({
        MatricNo: 'DIT/2024/0001',
        Email: 'student1@demo.edu.ng',
        FirstName: 'Halima',
        DepartmentName: 'Computer Science',
        LevelName: '100 Level',
        Address: '12 Bosso Road, Minna',
      });
      const three = (await get('/api/student/profile', s3)).json().Data;
      expect(three).toMatchObject({
        MatricNo: 'DIT/2023/0003',
        LevelName: '200 Level',
        AdmittedSession: '2023/2024',
      });
    });

    it('saves phone and address, validated on the server, and nothing else', async () => {
      const put = (payload: object, auth = s2) =>
        t.app.inject({ method: 'PUT', url: '/api/student/profile', headers: auth, payload });
      const bad = await put({ PhoneNumber: '12345', Address: 'x' });
      expect(bad.statusCode).toBe(400);
      const ok = await put({
        PhoneNumber: '0803 555 1234',
        Address: '4 Paiko Road, Minna',
        MatricNo: 'HACKED',
        LevelId: 99,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        Message: 'Your contact details have been saved.',
        Data: { PhoneNumber: '08035551234', Address: '4 Paiko Road, Minna', MatricNo: 'DIT/2024/0002' },
      });
      // Student 1 is untouched.
      expect((await get('/api/student/profile', s1)).json().Data.PhoneNumber).toBe('08030000000');
    });
  });

  describe('passport', () => {
    it('signs the student in with a signed passport link that an <img> can load, and refuses a forged one', async () => {
      const key = newStorageKey('students/test', 'passport', 'jpg');
      await t.app.deps.storage.put(key, TINY_JPEG);
      await db().update(students).set({ passportKey: key }).where(eq(students.matricNo, 'DIT/2024/0001'));
      try {
        const { body } = await login(t.app, 'Student', 'DIT/2024/0001');
        expect(body.Data.Passport).toMatch(/^\/api\/student\/passport\?s=[0-9a-f]{32}&/);
        const image = await get(body.Data.Passport);
        expect(image.statusCode).toBe(200);
        expect(image.rawPayload.equals(TINY_JPEG)).toBe(true);
        expect((await get(body.Data.Passport.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(404);
        expect((await get('/api/student/profile', s1)).json().Data.Passport).toMatch(
          /^\/api\/student\/passport/,
        );
      } finally {
        await db().update(students).set({ passportKey: null }).where(eq(students.matricNo, 'DIT/2024/0001'));
      }
    });
  });

  describe('dashboard', () => {
    it('reports course registration open from the current session’s windows, the hostel page’s round and eligibility, results not yet', async () => {
      const [session] = await db()
        .select()
        .from(academicSessions)
        .where(eq(academicSessions.isCurrent, true));
      const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      // The seeded first semester's window is open; the test moves it and puts it back.
      const [semester] = await db()
        .select()
        .from(semesters)
        .where(eq(semesters.name, '2024/2025 First Semester'));
      const [window] = await db()
        .select()
        .from(semesterRegistrations)
        .where(eq(semesterRegistrations.semesterId, semester!.id));
      try {
        await db()
          .update(semesterRegistrations)
          .set({ opensOn: inDays(-1), closesOn: inDays(13), lateClosesOn: null })
          .where(eq(semesterRegistrations.id, window!.id));
        const data = (await get('/api/student/dashboard', s1)).json().Data;
        expect(data.CurrentSession).toBe(session!.name);
        expect(data.CourseRegistration).toMatchObject({
          Open: true,
          State: 'open',
          Semester: semester!.name,
          ClosesOn: inDays(13),
        });
        // The hostel card is the hostel page's: the seeded round is open; this student owes school fees.
        const hostel = (await get('/api/student/hostel', s1)).json().Data;
        expect(data.Hostel).toMatchObject({
          Open: true,
          Window: 'open',
          CanApply: hostel.CanApply,
          Reason: hostel.Reasons[0] ?? null,
        });
        expect(data.Results).toEqual([]);
        expect(data.UploadsMissing).toBeGreaterThan(0);
        await db()
          .update(semesterRegistrations)
          .set({ isOpen: false })
          .where(eq(semesterRegistrations.id, window!.id));
        const closed = (await get('/api/student/dashboard', s1)).json().Data;
        // With the first semester's window shut, the card follows the page to the semester it opens on.
        const page = (await get('/api/student/course-registration', s1)).json().Data;
        expect(closed.CourseRegistration).toMatchObject({
          Open: false,
          State: page.Window.State,
          Semester: page.Semester?.Name ?? null,
          Reason: page.Reason,
        });
        await db()
          .update(semesterRegistrations)
          .set({ isOpen: true, opensOn: inDays(3), closesOn: inDays(20) })
          .where(eq(semesterRegistrations.id, window!.id));
        const upcoming = (await get('/api/student/dashboard', s1)).json().Data;
        expect(upcoming.CourseRegistration).toMatchObject({
          Open: false,
          State: 'upcoming',
          OpensOn: inDays(3),
        });
      } finally {
        await db().update(semesterRegistrations).set(window!).where(eq(semesterRegistrations.id, window!.id));
      }
    });

    it('shows as new the receipts of the last 30 days as the documents page lists them, and counts the clearance uploads still missing', async () => {
      const [student] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2023/0003'));
      const [paid] = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.studentId, student!.id), eq(payments.state, 'paid')));
      const before = (await get('/api/student/dashboard', s3)).json().Data;
      // The seeded school-fees payment was credited long ago: nothing is new.
      expect(before.NewDocuments).toEqual([]);
      const yesterday = new Date(Date.now() - 86_400_000);
      await db().update(payments).set({ paidAt: yesterday }).where(eq(payments.id, paid!.id));
      const [upload] = await db()
        .insert(studentDocuments)
        .values({
          studentId: student!.id,
          kind: 'medical_report',
          storageKey: 'dashboard-test/none.pdf',
          fileName: 'report.pdf',
          contentType: 'application/pdf',
          size: 1,
        })
        .returning();
      try {
        const after = (await get('/api/student/dashboard', s3)).json().Data;
        const issued = (await get('/api/student/documents', s3)).json().Data.Issued;
        const receipt = issued.find((d: { Key: string }) => d.Key === `receipt-${paid!.publicId}`);
        expect(receipt).toMatchObject({ Kind: 'receipt', IssuedAt: yesterday.toISOString() });
        expect(after.NewDocuments).toEqual([receipt]);
        expect(after.UploadsMissing).toBe(before.UploadsMissing - 1);
        // The fee standing read with the receipts is the one the hostel page prices: the same reason.
        const hostel = (await get('/api/student/hostel', s3)).json().Data;
        expect(after.Hostel.Reason).toBe(hostel.Reasons[0] ?? null);
      } finally {
        await db().update(payments).set({ paidAt: paid!.paidAt }).where(eq(payments.id, paid!.id));
        await db().delete(studentDocuments).where(eq(studentDocuments.id, upload!.id));
      }
    });
  });

  describe('documents', () => {
    it('lists the admission letter when the student came from an admitted applicant, the matriculation form and the SIWES letter', async () => {
      const before = (await get('/api/student/documents', s1)).json().Data;
      const kinds = before.Issued.map((d: { Kind: string }) => d.Kind);
      expect(kinds).toEqual(expect.arrayContaining(['matriculationForm', 'siwesLetter']));
      expect(kinds).not.toContain('admissionLetter');
      const [admitted] = await db()
        .select()
        .from(applicants)
        .where(eq(applicants.jambRegNo, '202410000007AG'));
      await db()
        .update(students)
        .set({ applicantId: admitted!.id })
        .where(eq(students.matricNo, 'DIT/2024/0001'));
      try {
        const after = (await get('/api/student/documents', s1)).json().Data;
        const letter = after.Issued.find((d: { Kind: string }) => d.Kind === 'admissionLetter');
        expect(letter).toMatchObject({
          Name: 'Provisional Admission Letter',
          DownloadUrl: `/api/letters/admission/${admitted!.publicId}.pdf`,
        });
        expect((await get(letter.DownloadUrl)).statusCode).toBe(200);
        // Another student does not see it.
        const other = (await get('/api/student/documents', s2)).json().Data;
        expect(other.Issued.map((d: { Kind: string }) => d.Kind)).not.toContain('admissionLetter');
      } finally {
        await db().update(students).set({ applicantId: null }).where(eq(students.matricNo, 'DIT/2024/0001'));
      }
    });

    it('keeps /api/student/document-links answering the SIWES letter', async () => {
      const links = (await get('/api/student/document-links', s1)).json().Data;
      const docs = (await get('/api/student/documents', s1)).json().Data.Issued;
      expect(docs.find((d: { Kind: string }) => d.Kind === 'siwesLetter').DownloadUrl).toBe(
        links.SiwesLetterPdfUrl,
      );
    });

    it('lists the school’s forms for the student’s level and serves only those', async () => {
      const [l100] = await db().select().from(levels).where(eq(levels.name, '100 Level'));
      const [l200] = await db().select().from(levels).where(eq(levels.name, '200 Level'));
      const boundary = '----studentforms';
      const body = (fields: Record<string, string>, file: Buffer) =>
        Buffer.concat([
          ...Object.entries(fields).map(([k, v]) =>
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
          ),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      const create = (fields: Record<string, string>, auth: Auth = admin) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/student-forms',
          headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: body(fields, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')),
        });
      const forbidden = await create({ name: 'Nope' }, s1);
      expect(forbidden.statusCode).toBe(403);
      const first = await create({
        name: 'Course Form 100L',
        levelIds: String(l100!.id),
        mustSubmit: 'true',
      });
      expect(first.statusCode).toBe(200);
      expect(first.json().Data).toMatchObject({
        name: 'Course Form 100L',
        levelIds: [l100!.id],
        mustSubmit: true,
      });
      const audited = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'student_form'), eq(auditLog.entityId, String(first.json().Data.id))));
      expect(audited).toEqual([
        expect.objectContaining({ page: 'studentforms', action: 'create', actorEmail: 'admin@demo.edu.ng' }),
      ]);
      const second = await create({ name: 'SIWES Logbook 200L', levelIds: String(l200!.id) });
      expect(second.statusCode).toBe(200);
      const list = await get('/api/admin/student-forms?search=Form', admin);
      expect(list.json().Data.map((f: { name: string }) => f.name)).toContain('Course Form 100L');

      const mine = (await get('/api/student/documents', s1)).json().Data.Forms;
      expect(mine.map((f: { Name: string }) => f.Name)).toEqual(['Course Form 100L']);
      expect(mine[0]).toMatchObject({ MustSubmit: true, FileName: 'Course Form 100L.pdf' });
      const download = await get(mine[0].DownloadUrl, s1);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The 200 level form is not the 100 level student's.
      expect((await get(`/api/student/forms/${second.json().Data.id}/download`, s1)).statusCode).toBe(404);
      const three = (await get('/api/student/documents', s3)).json().Data.Forms;
      expect(three.map((f: { Name: string }) => f.Name)).toEqual(['SIWES Logbook 200L']);
    });
  });

  describe('clearance uploads', () => {
    it('accepts a PDF or an image by its content, refuses anything else, and keeps each student’s own', async () => {
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const disguised = await uploadAs(s1, 'medical_report', html, 'report.pdf', 'application/pdf');
      expect(disguised.statusCode).toBe(415);
      expect(disguised.json().Message).toMatch(/content was checked/);
      const big = Buffer.concat([await smallPdf(), Buffer.alloc(3 * 1024 * 1024)]);
      expect((await uploadAs(s1, 'medical_report', big, 'big.pdf', 'application/pdf')).statusCode).toBe(413);
      expect(
        (await uploadAs(s1, 'not_a_kind', await smallPdf(), 'x.pdf', 'application/pdf')).statusCode,
      ).toBe(400);

      const pdf = await smallPdf('Medical report');
      const ok = await uploadAs(s1, 'medical_report', pdf, 'my report.pdf', 'application/pdf');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        Message: 'Document uploaded successfully.',
        Data: {
          Kind: 'medical_report',
          Uploaded: { FileName: 'my report.pdf', ContentType: 'application/pdf' },
        },
      });
      const photo = await uploadAs(s1, 'medical_report', TINY_JPEG, 'scan.png', 'image/png');
      expect(photo.json().Data.Uploaded).toMatchObject({ FileName: 'scan.jpg', ContentType: 'image/jpeg' });
      const rows = await db().select().from(studentDocuments);
      expect(rows.filter((r) => r.kind === 'medical_report')).toHaveLength(1);

      const file = await get('/api/student/uploads/medical_report/file', s1);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(TINY_JPEG)).toBe(true);
      expect((await get('/api/student/uploads/medical_report/file', s2)).statusCode).toBe(404);
      const list = (await get('/api/student/uploads', s2)).json().Data;
      expect(list.every((e: { Uploaded: unknown }) => e.Uploaded === null)).toBe(true);
    });
  });

  describe('concurrent uploads', () => {
    it('two uploads of the same kind at once leave one record and one stored file', async () => {
      const [first, second] = await Promise.all([
        uploadAs(s3, 'guarantor_form', await smallPdf('First'), 'first.pdf', 'application/pdf'),
        uploadAs(s3, 'guarantor_form', TINY_JPEG, 'second.jpg', 'image/jpeg'),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const [student] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2023/0003'));
      const rows = await db()
        .select()
        .from(studentDocuments)
        .where(eq(studentDocuments.studentId, student!.id));
      expect(rows.filter((r) => r.kind === 'guarantor_form')).toHaveLength(1);
      const files = filesUnder(path.join(t.config.DATA_DIR, 'uploads', 'students', student!.publicId));
      expect(files.filter((f) => f.startsWith('guarantor-form'))).toHaveLength(1);
    });
  });

  describe('matriculation', () => {
    it('shows the matric number and date, and the form as a PDF with its QR link', async () => {
      const data = (await get('/api/student/matriculation', s3)).json().Data;
      expect(data).toMatchObject({
        MatricNo: 'DIT/2023/0003',
        MatriculatedAt: '2023-11-20T10:00:00.000Z',
        PdfUrl: '/api/student/matriculation.pdf',
      });
      const pdf = await get('/api/student/matriculation.pdf', s3);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain('MatriculationForm-DIT20230003.pdf');
      const text = await pdfTextContent(pdf.rawPayload);
      for (const expected of [
        'MATRICULATION FORM',
        'DIT/2023/0003',
        'NNAMDI Emeka',
        '20 November 2023',
        '200 Level',
      ])
        expect(text).toContain(expected);
      // The QR code's link opens the same form, publicly, by the student's unguessable id.
      const verify = new URL(data.VerifyUrl);
      expect(verify.pathname).toMatch(/^\/api\/student\/matriculation-form\/[0-9a-f]{32}\.pdf$/);
      const opened = await get(verify.pathname);
      expect(opened.statusCode).toBe(200);
      expect(await pdfTextContent(opened.rawPayload)).toContain('DIT/2023/0003');
      expect(
        (await get('/api/student/matriculation-form/0123456789abcdef0123456789abcdef.pdf')).statusCode,
      ).toBe(404);
    });
  });
});
