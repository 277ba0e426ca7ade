import { and, asc, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { ADMIN_MESSAGES } from '@portal/contracts';
import {
  applicantClearances,
  applicants,
  auditLog,
  mailOutbox,
  matricCounters,
  olevelVerifications,
  students,
} from '../../db/schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { mailText, startSmtpReceiver } from '../../../test/smtp.js';
import { makeAdmin } from '../admin/test-support.js';

type Headers = Record<string, string>;

/** A multipart/form-data body with one file, as a browser sends an upload. */
function multipart(_fields: Record<string, string>, file: { name: string; data: Buffer; type: string }) {
  const boundary = '----portalrecordstest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('student records (registry)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let admin: Headers;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  /** The text of the latest mail to this address (delivered through a local SMTP receiver). */
  const mailTo = async (address: string, subject?: RegExp) =>
    mailText(await smtp.waitFor((m) => m.to.includes(address) && (!subject || subject.test(m.raw))));
  const api = (method: 'GET' | 'POST', url: string, payload?: object, headers: Headers = admin) =>
    t.app.inject({ method, url, headers, payload });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    // Jobs on: the e-mails are delivered by the queue's `mail.deliver` job.
    t = await startTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_LOGIN_PER_ADDRESS: '100000' });
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  }, 60_000);

  /** Uploads a students file; answers the server's answer (202 with the job to poll). */
  function uploadStudents(name: string, data: Buffer, type: string) {
    const body = multipart({}, { name, data, type });
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/records/students/import',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  }

  /** Polls an import job until it ends; answers the job. */
  async function importJob(id: number) {
    for (;;) {
      const job = (await api('GET', `/api/admin/records/students/import/${id}`)).json().Data;
      if (job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Uploads a students file and polls its import job until it ends; answers the job. */
  async function importFile(name: string, data: Buffer, type: string) {
    const accepted = await uploadStudents(name, data, type);
    expect(accepted.statusCode).toBe(202);
    return importJob(accepted.json().Data.id as number);
  }

  /** An admitted applicant who paid the acceptance fee, copied from the seeded stage-7 applicant. */
  async function eligibleApplicant(label: string, overrides: Partial<typeof applicants.$inferInsert> = {}) {
    const [seed] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202410000007AG'));
    const { id: _id, ...rest } = seed!;
    const [row] = await t.database.db
      .insert(applicants)
      .values({
        ...rest,
        publicId: newPublicId(),
        jambRegNo: `2024${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}${label}`,
        email: `${label.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
        ...overrides,
      })
      .returning();
    return row!;
  }

  it('matriculates the demo applicant who paid the acceptance fee: clearance first, then the next number of the pattern', async () => {
    const list = await api('GET', '/api/admin/records/matriculation?search=202410000007AG');
    expect(list.statusCode).toBe(200);
    const item = list.json().Data[0];
    expect(item).toMatchObject({ jambRegNo: '202410000007AG', clearedAt: null, matricNo: null });
    expect(item.documents.length).toBeGreaterThan(0);
    const doc = await api('GET', item.documents[0].url);
    expect(doc.statusCode).toBe(200);

    // Not eligible: applicant 6 is admitted but has not paid.
    const [six] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202410000006AF'));
    expect((await api('POST', `/api/admin/records/matriculation/${six!.id}/clear`)).json()).toMatchObject({
      Status: 'Invalid',
      Message: 'Only an admitted applicant who has paid the acceptance fee can be cleared or matriculated.',
    });

    const early = await api('POST', `/api/admin/records/matriculation/${item.applicantId}/matriculate`);
    expect(early.statusCode).toBe(400);
    expect(early.json().Message).toBe("The applicant's documents must be cleared before matriculation.");

    expect((await api('POST', `/api/admin/records/matriculation/${item.applicantId}/clear`)).json()).toEqual({
      Status: 'Ok',
      Message: 'Documents cleared.',
    });
    expect((await api('POST', `/api/admin/records/matriculation/${item.applicantId}/clear`)).statusCode).toBe(
      409,
    );
    const [clearance] = await t.database.db
      .select()
      .from(applicantClearances)
      .where(eq(applicantClearances.applicantId, item.applicantId));
    expect(clearance).toMatchObject({ clearedByEmail: 'admin@demo.edu.ng' });

    const done = await api('POST', `/api/admin/records/matriculation/${item.applicantId}/matriculate`);
    expect(done.statusCode).toBe(200);
    // Computer Science is a B.Sc. (DIT/{YYYY}/{NNNN}), admitted for 2024/2025; 0001, 0002, 0004 and 0005 are demo students.
    expect(done.json()).toMatchObject({ Status: 'Ok', Data: { matricNo: 'DIT/2024/0006' } });
    const again = await api('POST', `/api/admin/records/matriculation/${item.applicantId}/matriculate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('This applicant has already been matriculated.');

    const [student] = await t.database.db
      .select()
      .from(students)
      .where(eq(students.matricNo, 'DIT/2024/0006'));
    expect(student).toMatchObject({
      applicantId: item.applicantId,
      email: 'applicant7@demo.edu.ng',
      firstName: 'Emmanuel',
      lastName: 'Udoh',
      isActive: true,
    });
    expect(student!.passportKey).toBeTruthy();
    expect(student!.matriculatedAt).toBeTruthy();
    // The applicant row stays.
    expect(
      await t.database.db.select().from(applicants).where(eq(applicants.id, item.applicantId)),
    ).toHaveLength(1);

    // E-mailed: the matric number and a link that sets the password through the reset flow.
    const [queued] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'applicant7@demo.edu.ng'))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(queued!.subject).toBe('Your matric number: DIT/2024/0006');
    const text = await mailTo('applicant7@demo.edu.ng', /matric number/);
    expect(text).toContain('Your matric number is DIT/2024/0006');
    const code = decodeURIComponent(/confirmnewpassword\/\?id=([^&\s]+)&usermode=Student/.exec(text)![1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ForgotPassword',
      payload: { step: 2, code, userMode: 'Student', password: 'New-Student-2025!' },
    });
    expect(reset.json().Status).toBe('Ok');
    const signedIn = await login(t.app, 'Student', 'DIT/2024/0006', 'New-Student-2025!');
    expect(signedIn.body.Status).toBe('Ok');

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.page, 'matriculation'), eq(auditLog.entityId, String(student!.id))));
    expect(trail.map((a) => a.action)).toEqual(['matriculate']);

    // …and the enquiry finds the student by their JAMB number.
    const found = await api('GET', '/api/admin/records/students?search=202410000007ag');
    expect(found.json().Data).toEqual([expect.objectContaining({ matricNo: 'DIT/2024/0006' })]);
    const record = (await api('GET', `/api/admin/records/students/${student!.id}`)).json().Data;
    expect(record).toMatchObject({
      matricNo: 'DIT/2024/0006',
      courseOfStudy: 'Computer Science',
      level: '100 Level',
    });
    expect(record.payments.some((p: { state: string; category: string }) => p.state === 'paid')).toBe(true);
    expect(record.documents.length).toBeGreaterThan(0);
    expect(record.olevel.length).toBeGreaterThan(0);
  });

  it('hands out unique, gap-free numbers when officers matriculate at the same moment; a failed matriculation gives its number back', async () => {
    const batch = await Promise.all(Array.from({ length: 8 }, (_, i) => eligibleApplicant(`C${i}`)));
    // One of them cannot be matriculated: its e-mail already belongs to a student (rolled back after taking a serial).
    const clash = await eligibleApplicant('CX', { email: 'student2@demo.edu.ng' });
    for (const a of [...batch, clash])
      expect((await api('POST', `/api/admin/records/matriculation/${a.id}/clear`)).statusCode).toBe(200);
    const [before] = await t.database.db
      .select()
      .from(matricCounters)
      .where(eq(matricCounters.scope, 'DIT/2024/{NNNN}'));
    const officers = [admin, (await makeAdmin(t.app, t.database.db, 'registry', ['matriculation'])).headers];
    const answers = await Promise.all(
      [...batch, clash].map((a, i) =>
        api('POST', `/api/admin/records/matriculation/${a.id}/matriculate`, undefined, officers[i % 2]),
      ),
    );
    const clashAnswer = answers.pop()!;
    expect(clashAnswer.statusCode).toBe(409);
    expect(clashAnswer.json().Message).toBe('A student with this e-mail address already exists.');
    expect(answers.map((a) => a.statusCode)).toEqual(batch.map(() => 200));
    const numbers = answers.map((a) => a.json().Data.matricNo as string).sort();
    const first = before!.lastSerial + 1;
    expect(numbers).toEqual(batch.map((_, i) => `DIT/2024/${String(first + i).padStart(4, '0')}`));
    const [after] = await t.database.db
      .select()
      .from(matricCounters)
      .where(eq(matricCounters.scope, 'DIT/2024/{NNNN}'));
    expect(after!.lastSerial).toBe(before!.lastSerial + batch.length);
    // Twice at once for the same applicant: one student.
    const twin = await eligibleApplicant('TW');
    await api('POST', `/api/admin/records/matriculation/${twin.id}/clear`);
    const twins = await Promise.all(
      officers.map((o) =>
        api('POST', `/api/admin/records/matriculation/${twin.id}/matriculate`, undefined, o),
      ),
    );
    expect(twins.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(students).where(eq(students.applicantId, twin.id))).toHaveLength(
      1,
    );
  });

  it('adds a returning student by hand, refusing duplicates with clear messages', async () => {
    const body = {
      matricNo: 'dit/2019/0450',
      firstName: 'Kemi',
      lastName: 'Ade',
      email: 'Kemi.Ade@example.com',
      courseOfStudyId: 1,
      levelId: 3,
      stateId: null,
    };
    const [cs] = await t.database.db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0001'));
    body.courseOfStudyId = cs!.courseOfStudyId!;
    body.levelId = cs!.levelId!;
    const added = await api('POST', '/api/admin/records/students', body);
    expect(added.json()).toMatchObject({ Status: 'Ok', Data: { matricNo: 'DIT/2019/0450' } });
    const sameMatric = await api('POST', '/api/admin/records/students', {
      ...body,
      email: 'other@example.com',
    });
    expect(sameMatric.statusCode).toBe(409);
    expect(sameMatric.json().Message).toBe('A student with this matric number already exists.');
    const sameEmail = await api('POST', '/api/admin/records/students', {
      ...body,
      matricNo: 'DIT/2019/0451',
    });
    expect(sameEmail.json().Message).toBe('A student with this e-mail address already exists.');
    const invalid = await api('POST', '/api/admin/records/students', {
      ...body,
      email: 'nope',
      matricNo: 'X',
    });
    expect(invalid.statusCode).toBe(400);
    // One mail, as delivered (the outbox blanks a message's text once it is sent).
    const mails = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'kemi.ade@example.com'));
    expect(mails).toHaveLength(1);
    expect(await mailTo('kemi.ade@example.com')).toContain('DIT/2019/0450');
  });

  it('imports existing students from CSV: problems by row number, and importing again changes nothing', async () => {
    const csv = [
      'Matric Number,First Name,Last Name,E-mail,Phone,State,LGA,Course,Level,Admitted Session',
      'DIT/2020/0101,Ada,Obi,ada.obi@example.com,08031112222,Lagos,,Computer Science,300,2023/2024',
      'DIT/2020/0102,Bola,Ige,bola.ige@example.com,,,,Computer Science,200 Level,',
      'DIT/2020/0103,Chi,,chi@example.com,,,,Computer Science,200,',
      'DIT/2020/0104,Dayo,Ojo,not-an-email,,,,Computer Science,200,',
      'DIT/2020/0105,Efe,Uko,efe@example.com,,,,Astrology,200,',
      'DIT/2020/0101,Ada,Again,ada2@example.com,,,,Computer Science,300,',
      'DIT/2020/0106,Femi,Oni,student1@demo.edu.ng,,,,Computer Science,200,',
    ].join('\r\n');
    const first = await importFile('students.csv', Buffer.from(csv), 'text/csv');
    expect(first).toMatchObject({
      status: 'done',
      totalRows: 7,
      processedRows: 7,
      created: 2,
      updated: 0,
      unchanged: 0,
      invalid: 5,
    });
    expect(first.errors).toEqual([
      'Row 4: Last Name is required',
      'Row 5: E-mail Enter a valid e-mail address.',
      'Row 6: Course "Astrology" is not known',
      'Row 7: Matric Number DIT/2020/0101 repeats row 2',
      'Row 8: E-mail student1@demo.edu.ng is already used by the student DIT/2024/0001',
    ]);
    const second = await importFile('students.csv', Buffer.from(csv), 'text/csv');
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 2, invalid: 5 });
    // A corrected row updates the student; the XLSX of the same rows changes nothing more.
    const corrected = csv.replace('08031112222', '08039998888');
    const third = await importFile('students.csv', Buffer.from(corrected), 'text/csv');
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 1, invalid: 5 });
    const rows = corrected.split('\r\n').map((line) => line.split(','));
    const xlsx = await writeXlsxFile(rows as never, { sheet: 'Students' } as never).toBuffer();
    const fourth = await importFile(
      'students.xlsx',
      xlsx,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(fourth).toMatchObject({
      status: 'done',
      totalRows: 7,
      created: 0,
      updated: 0,
      unchanged: 2,
      invalid: 5,
    });
    expect(fourth.errors[0]).toBe('Row 4: Last Name is required');
    const imported = await t.database.db.select().from(students).where(like(students.matricNo, 'DIT/2020/%'));
    expect(imported.map((s) => s.matricNo).sort()).toEqual(['DIT/2020/0101', 'DIT/2020/0102']);
    expect(imported.find((s) => s.matricNo === 'DIT/2020/0101')!.phone).toBe('08039998888');
    const refused = await importFile('x.csv', Buffer.from('Name,Score\r\nA,1\r\n'), 'text/csv');
    expect(refused.status).toBe('failed');
    expect(refused.message).toContain('Missing: Matric Number');
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.page, 'addnew'), eq(auditLog.action, 'import')));
    expect(trail).toHaveLength(4);
  });

  it('imports the same students at once (one file twice, and as XLSX): the same file waits its turn, no student twice, never an unexpected error', async () => {
    const rows = [
      ['Matric Number', 'First Name', 'Last Name', 'E-mail', 'Course', 'Level'],
      ...Array.from({ length: 1200 }, (_, i) => [
        `DIT/2017/${String(i + 1).padStart(4, '0')}`,
        `Name${i}`,
        'Twice',
        `twice${i}@example.com`,
        'Computer Science',
        '100',
      ]),
    ];
    const csv = Buffer.from(rows.map((r) => r.join(',')).join('\r\n'));
    const xlsx = await writeXlsxFile(
      rows.map((r) => r.map((value) => ({ value }))) as never,
      { sheet: 'Students' } as never,
    ).toBuffer();
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const answers = await Promise.all([
      uploadStudents('students.csv', csv, 'text/csv'),
      uploadStudents('students.csv', csv, 'text/csv'),
      uploadStudents('students.xlsx', xlsx, XLSX),
    ]);
    const accepted = answers.filter((a) => a.statusCode === 202);
    // The same file sent while its import runs is refused, saying so; or it came after and changes nothing.
    for (const refused of answers.filter((a) => a.statusCode !== 202)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ Status: 'Invalid', Message: ADMIN_MESSAGES.importRunning });
    }
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    const jobs = await Promise.all(accepted.map((a) => importJob(a.json().Data.id as number)));
    for (const job of jobs) {
      expect(job.status, job.message).toBe('done');
      expect(job.totalRows).toBe(1200);
      // Each row was created by exactly one of the imports; the others found it, or were told it was just added.
      expect(job.created + job.unchanged + job.invalid).toBe(1200);
      for (const error of job.errors) expect(error).toMatch(/was added by another import at the same time/);
    }
    expect(jobs.reduce((sum, job) => sum + job.created, 0)).toBe(1200);
    const imported = await t.database.db.select().from(students).where(like(students.matricNo, 'DIT/2017/%'));
    expect(imported).toHaveLength(1200);
    const welcomes = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.to, 'twice%'));
    expect(welcomes).toHaveLength(1200);
  });

  it('switches a student’s sign-in off (ending their sessions) and on, and sends a reset link', async () => {
    const student = await login(t.app, 'Student', 'student2@demo.edu.ng');
    const [row] = await t.database.db
      .select()
      .from(students)
      .where(eq(students.email, 'student2@demo.edu.ng'));
    const probe = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Account/ChangePassword',
        headers: student.auth,
        payload: { currentPassword: 'x', newPassword: 'y' },
      });
    expect((await probe()).statusCode).toBe(400);
    const off = await api('POST', `/api/admin/records/students/${row!.id}/access`, { isActive: false });
    expect(off.json()).toMatchObject({ Status: 'Ok', Data: { changed: true } });
    expect((await probe()).statusCode).toBe(401);
    const [stored] = await t.database.db.select().from(students).where(eq(students.id, row!.id));
    expect(stored!.isActive).toBe(false);
    expect(
      (await api('GET', '/api/admin/records/students?isActive=false&search=DIT/2024/0002')).json().Data,
    ).toHaveLength(1);
    expect(
      (await api('POST', `/api/admin/records/students/${row!.id}/access`, { isActive: true })).json(),
    ).toMatchObject({
      Message: 'Sign-in enabled.',
    });
    const reset = await api('POST', `/api/admin/records/students/${row!.id}/password-reset`);
    expect(reset.json()).toEqual({
      Status: 'Ok',
      Message: 'A password-reset link was e-mailed to the student.',
    });
    expect(await mailTo('student2@demo.edu.ng', /Reset/)).toMatch(
      /confirmnewpassword\/\?id=.+&usermode=Student/,
    );
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.page, 'studentAccess'), eq(auditLog.entityId, String(row!.id))))
      .orderBy(asc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual([
      'disable-sign-in',
      'enable-sign-in',
      'send-password-reset',
    ]);
    expect(
      (await api('POST', '/api/admin/records/students/999999/access', { isActive: false })).statusCode,
    ).toBe(404);
  });

  it("records an O'level verification with the card's PIN and serial encrypted, shown masked on the record", async () => {
    const body = {
      number: 'DIT/2024/0001',
      examType: 'WAEC',
      examNumber: '4250123456',
      examYear: 2022,
      pin: '123456789012',
      serial: 'WRN220001234',
      outcome: 'verified',
      note: 'Checked on the WAEC portal',
    };
    const saved = await api('POST', '/api/admin/records/olevel-verifications', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().Data).toMatchObject({
      pinMasked: '••••••••9012',
      serialMasked: '••••••••1234',
      outcome: 'verified',
      verifiedBy: 'admin@demo.edu.ng',
      holder: { kind: 'student', number: 'DIT/2024/0001' },
    });
    const [row] = await t.database.db
      .select()
      .from(olevelVerifications)
      .where(eq(olevelVerifications.id, saved.json().Data.id));
    expect(row!.pinCipher).not.toContain('123456789012');
    expect(row!.serialCipher).not.toContain('WRN220001234');
    expect(JSON.stringify(saved.json())).not.toContain('123456789012');
    const applicant = await api('POST', '/api/admin/records/olevel-verifications', {
      ...body,
      number: '202410000005AE',
      outcome: 'not_verified',
      note: 'Result withheld',
    });
    expect(applicant.json().Data.holder).toMatchObject({ kind: 'applicant', number: '202410000005AE' });
    expect(
      (await api('POST', '/api/admin/records/olevel-verifications', { ...body, number: 'NOBODY123' }))
        .statusCode,
    ).toBe(404);
    const list = await api('GET', '/api/admin/records/olevel-verifications?search=202410000005');
    expect(list.json().Data).toHaveLength(1);
    const record = (await api('GET', `/api/admin/records/students/${row!.studentId}`)).json().Data;
    expect(record.verifications[0]).toMatchObject({ outcome: 'verified', pinMasked: '••••••••9012' });
    const [trail] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'verify-olevel'))
      .limit(1);
    expect(JSON.stringify(trail)).not.toContain('123456789012');
  });

  it('lists students eligible for SIWES and issues letters (3 months for Computer Science) that the public letter honours', async () => {
    const list = (await api('GET', '/api/admin/records/siwes?pageSize=100')).json().Data as {
      studentId: number;
      matricNo: string;
      months: number;
      letter: unknown;
    }[];
    expect(list.map((s) => s.matricNo)).toContain('DIT/2023/0003');
    expect(list.map((s) => s.matricNo)).not.toContain('DIT/2024/0001'); // 100 level
    const three = list.find((s) => s.matricNo === 'DIT/2023/0003')!;
    expect(three).toMatchObject({ months: 3, letter: null });
    const [first] = await t.database.db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0001'));
    expect((await api('POST', `/api/admin/records/siwes/${first!.id}/issue`)).json().Message).toBe(
      'This student is not eligible for SIWES.',
    );
    const issued = await api('POST', `/api/admin/records/siwes/${three.studentId}/issue`);
    expect(issued.json()).toMatchObject({ Status: 'Ok', Data: { months: 3 } });
    expect((await api('POST', `/api/admin/records/siwes/${three.studentId}/issue`)).statusCode).toBe(409);
    const after = (await api('GET', '/api/admin/records/siwes?issued=true')).json().Data;
    expect(after).toEqual([
      expect.objectContaining({
        matricNo: 'DIT/2023/0003',
        letter: expect.objectContaining({ issuedBy: 'admin@demo.edu.ng' }),
      }),
    ]);
    const [s3] = await t.database.db.select().from(students).where(eq(students.id, three.studentId));
    const letter = (
      await t.app.inject({ method: 'GET', url: `/api/SIWESLETTER?StudId=${s3!.publicId}` })
    ).json();
    expect(letter.Data).toMatchObject({ SIWESFormRef: issued.json().Data.reference, DurationMonths: 3 });
  });

  it('guards every route by its page', async () => {
    const enquiryOnly = (await makeAdmin(t.app, t.database.db, 'enquiry', ['studentenquiry'])).headers;
    expect((await api('GET', '/api/admin/records/students', undefined, enquiryOnly)).statusCode).toBe(200);
    expect((await api('GET', '/api/admin/records/matriculation', undefined, enquiryOnly)).statusCode).toBe(
      403,
    );
    expect(
      (await api('POST', '/api/admin/records/students/1/access', { isActive: true }, enquiryOnly)).statusCode,
    ).toBe(403);
    expect((await api('GET', '/api/admin/records/siwes', undefined, enquiryOnly)).statusCode).toBe(403);
    expect(
      (await api('GET', '/api/admin/records/olevel-verifications', undefined, enquiryOnly)).statusCode,
    ).toBe(403);
    // Documents only of the applicants the registry deals with (applicant 4 is not admitted).
    const [four] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202410000004AD'));
    const foreign = await api('GET', `/api/admin/records/applicants/${four!.id}/documents/passport`);
    expect(foreign.statusCode).toBe(404);
    const student = (await login(t.app, 'Student', 'student1@demo.edu.ng')).auth;
    expect((await api('GET', '/api/admin/records/students', undefined, student)).statusCode).toBe(403);
    expect((await api('GET', '/api/admin/records/students', undefined, {})).statusCode).toBe(401);
  });
});
