import { crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { ADMIN_MESSAGES } from '@portal/contracts';
import { applicantDocuments, applicants, auditLog, importJobs, mailOutbox } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { mailText, startSmtpReceiver } from '../../../test/smtp.js';

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** A multipart/form-data body with fields and one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A ZIP (stored, no compression) of the given files. */
export function zipOf(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    centrals.push(central, name);
    offset += 30 + name.length + f.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A tiny valid PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const HEADER =
  'JAMB Number,First Name,Last Name,Other Name,E-mail,Phone,State,LGA,Course,UTME Score,CAPS Status';

describe('loading candidates', { timeout: 60_000 }, () => {
  let t: TestApp;
  let smtp: Smtp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_LOGIN_PER_ADDRESS: '1000' });
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  }, 60_000);

  async function upload(kind: string, name: string, data: Buffer, fields: Record<string, string> = {}) {
    const body = multipart(fields, { name, data });
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${kind}`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  }

  async function finished(id: number) {
    await t.app.imports.idle();
    for (let i = 0; i < 200; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: admin });
      const job = response.json().Data;
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('import did not finish');
  }

  const csv = [
    HEADER,
    '202499000001AA,Amaka,Obi,Chioma,amaka.obi@example.com,08031234567,Anambra,Awka South,Computer Science,245,Admitted',
    '202499000002AB,Bayo,Ade,,bayo.ade@example.com,+2348021234567,Oyo,Ibadan North,Microbiology,210,Recommended',
    '202499000003AC,Chidi,Eze,,not-an-email,08031234567,Enugu,Nsukka,Computer Science,199,Recommended',
    '202499000004AD,Dupe,Lawal,,dupe@example.com,0803,Lagos,Ikeja,Computer Science,500,Recommended',
    '202499000001AA,Amaka,Again,,amaka.again@example.com,,,,Computer Science,245,Admitted',
    'BAD,Efe,Oke,,efe@example.com,,Atlantis,Nowhere,Basket Weaving,100,Recommended',
    '202499000007AG,Fola,Bello,,applicant1@demo.edu.ng,,,,Computer Science,220,Recommended',
  ].join('\n');

  it('reports every bad row by its number and applies the rest', async () => {
    const response = await upload('CAPSList', 'caps.csv', Buffer.from(csv));
    expect(response.statusCode).toBe(202);
    expect(response.json().Data).toMatchObject({ kind: 'CAPSList', format: 'csv' });
    const job = await finished(response.json().Data.id);
    expect(job.status).toBe('done');
    expect(job.totalRows).toBe(7);
    expect(job.createdCount).toBe(3);
    expect(job.invalidCount).toBe(4);
    // Row 5's wrong phone and UTME score are optional in a CAPS list: left empty, row imported.
    expect(job.warnedCount).toBe(1);
    expect(job.warnings).toEqual([
      'Row 5: Phone "0803" is not a Nigerian mobile number: left empty.',
      'Row 5: UTME Score must be a whole number from 0 to 400: left empty.',
    ]);
    expect(job.errors).toEqual(
      expect.arrayContaining([
        'Row 4: E-mail is invalid',
        'Row 6: JAMB Number 202499000001AA repeats row 2',
        'Row 7: JAMB Number is invalid',
        'Row 7: State "Atlantis" is not a Nigerian state',
        'Row 7: Course "Basket Weaving" is not offered',
        'Row 8: E-mail applicant1@demo.edu.ng is already used by the applicant with JAMB Number 202410000001AA',
      ]),
    );
    const rows = await t.database.db
      .select()
      .from(applicants)
      .where(
        inArray(applicants.jambRegNo, [
          '202499000001AA',
          '202499000002AB',
          '202499000003AC',
          '202499000004AD',
        ]),
      );
    expect(rows.map((r) => r.jambRegNo).sort()).toEqual([
      '202499000001AA',
      '202499000002AB',
      '202499000004AD',
    ]);
    expect(rows.find((r) => r.jambRegNo === '202499000004AD')).toMatchObject({
      phone: null,
      utmeScore: null,
      capsStatus: 'Recommended',
    });
    const amaka = rows.find((r) => r.jambRegNo === '202499000001AA')!;
    expect(amaka).toMatchObject({
      firstName: 'Amaka',
      lastName: 'Obi',
      otherName: 'Chioma',
      phone: '08031234567',
      utmeScore: 245,
      capsStatus: 'Admitted',
      passwordChangedAt: null,
    });
    expect(rows.find((r) => r.jambRegNo === '202499000002AB')!.phone).toBe('08021234567');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import-create'), eq(auditLog.entityId, String(amaka.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      page: 'CAPSList',
      entity: 'applicant',
      actorEmail: 'admin@demo.edu.ng',
    });
  });

  it('e-mails each new applicant a high-entropy default password that signs in as soon as the job is done, must be changed, then stops working', async () => {
    // finished() returned in the first test: the job is done, and every password already works.
    const mail = await smtp.waitFor((m) => m.to.includes('amaka.obi@example.com'));
    const text = mailText(mail);
    const password = /default password:\s+(\S+)/.exec(text)?.[1];
    expect(text).toContain('202499000001AA');
    // Random URL-safe characters, 6 bits each: at least 64 bits.
    expect(password).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(password!.length * 6).toBeGreaterThanOrEqual(64);
    const other = /default password:\s+(\S+)/.exec(
      mailText(await smtp.waitFor((m) => m.to.includes('bayo.ade@example.com'))),
    )?.[1];
    expect(other).toMatch(/^[A-Za-z0-9_-]{11,}$/);
    expect(other).not.toBe(password);

    const signedIn = await login(t.app, 'Applicant', '202499000001AA', password!);
    // Signed in, and required to change the password (the 'Welcome!' dialog follows IsPasswdChgd null).
    expect(signedIn.body.Data).toMatchObject({
      JambRegNo: '202499000001AA',
      IsPasswdChgd: null,
      FirstName: 'Amaka',
    });
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/Applicants/GetApplicantRecordById?ApplicantID=${signedIn.body.Data.ApplicantID}`,
      headers: signedIn.auth,
    });
    expect(record.json().Data.IsPasswdChgd).toBeNull();
    const byEmail = await login(t.app, 'Applicant', 'amaka.obi@example.com', password!);
    expect(byEmail.body.Status).toBe('Ok');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { Username: '202499000001AA', Password: `${password}x`, userMode: 'Applicant', schoolId: 1 },
    });
    expect(wrong.statusCode).toBe(401);
    // The default password is kept with a keyed hash, never argon2id (too slow for 50,000 at once).
    const stored = async () =>
      (await t.database.db.select().from(applicants).where(eq(applicants.jambRegNo, '202499000001AA')))[0]!;
    expect((await stored()).passwordHash).toMatch(/^\$portal-hmac-sha256\$/);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ChangePassword',
      headers: signedIn.auth,
      payload: { currentPassword: password, newPassword: 'Amaka-Chose-This-1' },
    });
    expect(changed.json()).toMatchObject({ Status: 'Ok' });
    expect((await stored()).passwordHash).toMatch(/^\$argon2id\$/);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { Username: '202499000001AA', Password: password, userMode: 'Applicant', schoolId: 1 },
    });
    expect(old.statusCode).toBe(401);
    const again = await login(t.app, 'Applicant', '202499000001AA', 'Amaka-Chose-This-1');
    expect(again.body.Data.IsPasswdChgd).toBe(true);
  });

  it('changes nothing when the same file is uploaded again', async () => {
    const before = await t.database.db
      .select()
      .from(applicants)
      .where(inArray(applicants.jambRegNo, ['202499000001AA', '202499000002AB']));
    const auditsBefore = (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length;
    await smtp.waitFor((m) => m.to.includes('bayo.ade@example.com'));
    await smtp.waitFor((m) => m.to.includes('dupe@example.com'));
    const queued = async () => (await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const queuedBefore = await queued();
    const response = await upload('CAPSList', 'caps.csv', Buffer.from(csv));
    const job = await finished(response.json().Data.id);
    expect(job).toMatchObject({
      status: 'done',
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 3,
      invalidCount: 4,
      warnedCount: 1,
      accountsIssued: 0,
    });
    const after = await t.database.db
      .select()
      .from(applicants)
      .where(inArray(applicants.jambRegNo, ['202499000001AA', '202499000002AB']));
    expect(after).toEqual(before);
    // Only the upload itself is audited.
    expect((await t.database.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(auditsBefore + 1);
    // No account was issued a password again, so no e-mail was queued.
    expect(await queued()).toBe(queuedBefore);
  });

  it('takes the same file sent twice at once once: the second is refused while the first runs, or changes nothing', async () => {
    // Names are letters only: Upload + two letters from the row's number.
    const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
    const rows = Array.from(
      { length: 300 },
      (_, i) =>
        `20249810${String(i).padStart(4, '0')}TW,Twin,Upload${letters(i)},,twin${i}@example.com,,,,Computer Science,230,Recommended`,
    );
    const file = Buffer.from([HEADER, ...rows].join('\n'));
    const answers = await Promise.all([
      upload('PostUtmeList', 'twice.csv', file),
      upload('PostUtmeList', 'twice.csv', file),
    ]);
    for (const refused of answers.filter((a) => a.statusCode !== 202)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ Status: 'Invalid', Message: ADMIN_MESSAGES.importRunning });
    }
    const accepted = answers.filter((a) => a.statusCode === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    const jobs = await Promise.all(accepted.map((a) => finished(a.json().Data.id)));
    for (const job of jobs) expect(job.status, job.message).toBe('done');
    expect(jobs.reduce((n, job) => n + job.createdCount, 0)).toBe(300);
    const imported = await t.database.db
      .select({ id: applicants.id })
      .from(applicants)
      .where(like(applicants.jambRegNo, '20249810%TW'));
    expect(imported).toHaveLength(300);
  });

  it('updates JAMB facts from a changed file (XLSX), audited with before and after', async () => {
    const sheet = [
      HEADER.split(','),
      [
        '202499000001AA',
        'Amaka',
        'Obi',
        'Chioma',
        'amaka.obi@example.com',
        '08031234567',
        'Anambra',
        'Awka South',
        'Computer Science',
        260,
        'Admitted',
      ],
    ];
    const buffer = await writeXlsxFile(sheet as never).toBuffer();
    const response = await upload('PostUtmeList', 'post-utme.xlsx', buffer);
    expect(response.statusCode).toBe(202);
    const job = await finished(response.json().Data.id);
    expect(job).toMatchObject({ status: 'done', format: 'xlsx', updatedCount: 1, createdCount: 0 });
    const [row] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202499000001AA'));
    expect(row!.utmeScore).toBe(260);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import-update'), eq(auditLog.entityId, String(row!.id))));
    expect(entry).toMatchObject({
      page: 'PostUtmeList',
      before: { utmeScore: 245 },
      after: { utmeScore: 260 },
    });
  });

  it('fails a file without the required columns and changes nothing', async () => {
    const count = (await t.database.db.select({ id: applicants.id }).from(applicants)).length;
    const response = await upload('PostUtmeList', 'wrong.csv', Buffer.from('Name,Score\nAda,200\n'));
    const job = await finished(response.json().Data.id);
    expect(job.status).toBe('failed');
    expect(job.message).toContain('Missing: JAMB Number, First Name, Last Name, E-mail, Course.');
    expect((await t.database.db.select({ id: applicants.id }).from(applicants)).length).toBe(count);
  });

  it('refuses a file that is neither CSV nor XLSX, and one sent without multipart', async () => {
    const pdf = await upload(
      'CAPSList',
      'caps.csv',
      Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64)]),
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().Message).toContain('This file type is not accepted');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/CAPSList',
      headers: admin,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().Status).toBe('Invalid');
    const jobs = await t.database.db.select().from(importJobs).where(eq(importJobs.fileName, 'caps.csv'));
    expect(jobs).toHaveLength(2);
  });

  it('stores passport photographs from a ZIP named by JAMB number, once', async () => {
    const zip = zipOf([
      { name: '202499000002AB.png', data: PNG },
      { name: 'photos/202499000001aa.PNG', data: PNG },
      { name: '202400000000ZZ.png', data: PNG },
      { name: 'notes.txt', data: Buffer.from('hello') },
      { name: '202499000003AC.jpg', data: Buffer.from('not a photo at all, just text') },
    ]);
    const response = await upload('utmeImages', 'photos.zip', zip);
    expect(response.statusCode).toBe(202);
    const job = await finished(response.json().Data.id);
    expect(job).toMatchObject({ status: 'done', createdCount: 2, invalidCount: 3 });
    expect(job.errors).toEqual(
      expect.arrayContaining([
        '202400000000ZZ.png: no applicant has JAMB Number 202400000000ZZ',
        'notes.txt: name it by JAMB number, e.g. 202410000001AA.jpg',
        '202499000003AC.jpg: not a JPEG or PNG photograph',
      ]),
    );
    const [amaka] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.jambRegNo, '202499000001AA'));
    expect(amaka!.passportKey).toMatch(/^applicants\/.+\/passport-[0-9a-f]+\.png$/);
    const docs = await t.database.db
      .select()
      .from(applicantDocuments)
      .where(and(eq(applicantDocuments.applicantId, amaka!.id), eq(applicantDocuments.kind, 'passport')));
    expect(docs).toHaveLength(1);
    const again = await finished((await upload('utmeImages', 'photos.zip', zip)).json().Data.id);
    expect(again).toMatchObject({ status: 'done', createdCount: 0, updatedCount: 0, unchangedCount: 2 });
  });

  it('leaves a job another process holds alone, and fails an abandoned one whose file is gone', async () => {
    const [held] = await t.database.db
      .insert(importJobs)
      .values({
        kind: 'CAPSList',
        status: 'queued',
        fileName: 'elsewhere.csv',
        format: 'csv',
        filePath: '/nowhere/elsewhere.csv',
        leaseUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    t.app.imports.enqueue(held!.id);
    await t.app.imports.idle();
    await t.app.imports.resume();
    await t.app.imports.idle();
    expect(
      (await t.database.db.select().from(importJobs).where(eq(importJobs.id, held!.id)))[0]!.status,
    ).toBe('queued');
    await t.database.db
      .update(importJobs)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(importJobs.id, held!.id));
    await t.app.imports.resume();
    await t.app.imports.idle();
    const [abandoned] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, held!.id));
    expect(abandoned).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('Upload it again'),
    });
  });

  it('lists jobs and serves a template', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/imports?kind=CAPSList',
      headers: admin,
    });
    expect(list.json()).toMatchObject({ Status: 'Ok', Total: 3 });
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/admin/imports/template?format=csv',
      headers: admin,
    });
    expect(template.body.split('\r\n')[0]).toBe(HEADER);
  });

  it('imports a row with a wrong optional field left empty and warned, and still refuses a bad required field', async () => {
    const file = [
      HEADER,
      '202499000011AK,Kemi,Ade,,kemi.ade@example.com,08031234500,Abia,Ikeja,,,Admitted',
      '202499000012AL,Lanre,Ojo,,lanre.ojo@example.com,12345,Atlantis,Nowhere,,,Admitted',
      '202499000013AM,Musa,Bala,,not-an-email,08031234501,Abia,Ikeja,,,Admitted',
      '202499000014AN,Ngozi,Uche,,ngozi.uche@example.com,08031234502,Abia,,,,',
    ].join('\n');
    const response = await upload('CAPSList', 'caps-warnings.csv', Buffer.from(file));
    const job = await finished(response.json().Data.id);
    expect(job).toMatchObject({ status: 'done', createdCount: 2, invalidCount: 2, warnedCount: 2 });
    expect(job.warnings).toEqual([
      'Row 2: LGA "Ikeja" is not in Abia State: left empty.',
      'Row 3: Phone "12345" is not a Nigerian mobile number: left empty.',
      'Row 3: State "Atlantis" is not a Nigerian state: State and LGA left empty.',
    ]);
    expect(job.errors).toEqual([
      'Row 4: E-mail is invalid',
      'Row 4: LGA "Ikeja" is not in Abia State',
      'Row 5: CAPS Status is required',
    ]);
    const rows = await t.database.db
      .select()
      .from(applicants)
      .where(
        inArray(applicants.jambRegNo, [
          '202499000011AK',
          '202499000012AL',
          '202499000013AM',
          '202499000014AN',
        ]),
      );
    expect(rows.map((r) => r.jambRegNo).sort()).toEqual(['202499000011AK', '202499000012AL']);
    const kemi = rows.find((r) => r.jambRegNo === '202499000011AK')!;
    expect(kemi.stateId).not.toBeNull();
    expect(kemi).toMatchObject({ lgaId: null, phone: '08031234500', capsStatus: 'Admitted' });
    expect(rows.find((r) => r.jambRegNo === '202499000012AL')).toMatchObject({
      phone: null,
      stateId: null,
      lgaId: null,
    });
    const [stored] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(stored).toMatchObject({ warnedCount: 2, warnings: job.warnings });
  });
});
