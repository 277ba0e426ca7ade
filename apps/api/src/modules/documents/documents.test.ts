import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_MESSAGES, DOCUMENT_MAX_BYTES, PASSPORT_MAX_BYTES } from '@portal/contracts';
import { admissionForms, applicantDocuments, applicants, listedApplicants } from '../../db/schema/index.js';
import { demoPassportPng } from '../../db/seed/applicant-files.js';
import { seed } from '../../db/seed/index.js';
import { rmSync } from 'node:fs';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { passportLink } from '../applicants/applicants.service.js';
import { TINY_JPEG, filesUnder, smallPdf, upload } from '../applicants/test-support.js';

type Auth = Record<string, string>;

describe('documents and admission forms', () => {
  let t: TestApp;
  const who: Record<number, { id: number; auth: Auth; publicId: string; dir: string }> = {};

  const as = async (stage: number) => {
    const jamb = `20241000000${stage}A${String.fromCharCode(64 + stage)}`;
    const session = await login(t.app, 'Applicant', jamb);
    const id = session.body.Data.ApplicantID as number;
    const [row] = await t.database.db.select().from(applicants).where(eq(applicants.id, id));
    const dir = path.join(t.config.DATA_DIR, 'uploads', 'applicants', row!.publicId);
    who[stage] = { id, auth: session.auth, publicId: row!.publicId, dir };
  };
  const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const rowsOf = (applicantId: number, kind: string) =>
    t.database.db
      .select()
      .from(applicantDocuments)
      .where(and(eq(applicantDocuments.applicantId, applicantId), eq(applicantDocuments.kind, kind)));

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    for (const stage of [3, 4, 5, 6, 7]) await as(stage);
  });
  afterAll(() => t.close());

  it('lists every document kind with nothing uploaded yet', async () => {
    const response = await get('/api/applicant/documents', who[3]!.auth);
    expect(response.statusCode).toBe(200);
    const data = response.json().Data;
    expect(data).toMatchObject({ Complete: false, Locked: false, Passport: null });
    expect(data.Documents.map((d: { Kind: string }) => d.Kind)).toEqual([
      'passport',
      'olevel_result',
      'jamb_result',
      'birth_certificate',
      'lga_certificate',
    ]);
    expect(data.Documents[0]).toMatchObject({
      Label: 'Passport Photograph',
      Required: true,
      Accept: ['image/jpeg', 'image/png'],
      MaxBytes: PASSPORT_MAX_BYTES,
      Uploaded: null,
    });
  });

  it('refuses an HTML file renamed as a JPEG, and stores nothing', async () => {
    const html = Buffer.from(
      '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    for (const kind of ['passport', 'jamb_result']) {
      const response = await upload(t.app, who[3]!.auth, kind, html, 'photo.jpg', 'image/jpeg');
      expect(response.statusCode).toBe(415);
      expect(response.json().Status).toBe('Invalid');
      expect(response.json().Message).toMatch(/must be a (JPEG or PNG|PDF, JPEG or PNG)/);
      expect(await rowsOf(who[3]!.id, kind)).toHaveLength(0);
    }
    // A PDF is a document, not a photograph.
    const pdfAsPhoto = await upload(t.app, who[3]!.auth, 'passport', await smallPdf(), 'me.png', 'image/png');
    expect(pdfAsPhoto.statusCode).toBe(415);
    expect(pdfAsPhoto.json().Message).toBe(APPLICANT_MESSAGES.fileWrongType('JPEG or PNG'));
    expect(filesUnder(who[3]!.dir)).toEqual([]);
  });

  it('refuses an oversized file while it streams, and stores nothing', async () => {
    const png = demoPassportPng('big');
    const bigPhoto = Buffer.concat([png, Buffer.alloc(PASSPORT_MAX_BYTES + 10 - png.length, 1)]);
    const photo = await upload(t.app, who[3]!.auth, 'passport', bigPhoto, 'big.png', 'image/png');
    expect(photo.statusCode).toBe(413);
    expect(photo.json()).toEqual({
      Status: 'Invalid',
      Message: 'The file is too large. The limit is 300 KB.',
    });

    const pdf = await smallPdf();
    const bigPdf = Buffer.concat([pdf, Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - pdf.length, 32)]);
    const document = await upload(t.app, who[3]!.auth, 'jamb_result', bigPdf, 'slip.pdf', 'application/pdf');
    expect(document.statusCode).toBe(413);
    expect(document.json().Message).toBe('The file is too large. The limit is 2 MB.');

    expect(filesUnder(who[3]!.dir)).toEqual([]);
    expect(filesUnder(path.join(t.config.DATA_DIR, 'uploads')).filter((f) => f.includes('.tmp-'))).toEqual(
      [],
    );
    expect(await rowsOf(who[3]!.id, 'passport')).toHaveLength(0);
    expect(await rowsOf(who[3]!.id, 'jamb_result')).toHaveLength(0);
  });

  it('refuses a request without a file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/documents/passport',
      headers: who[3]!.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().Message).toBe(APPLICANT_MESSAGES.fileMissing);
    const empty = await upload(t.app, who[3]!.auth, 'passport', Buffer.alloc(0), 'empty.png', 'image/png');
    expect(empty.statusCode).toBe(400);
    const unknownKind = await upload(
      t.app,
      who[3]!.auth,
      'diploma',
      demoPassportPng('x'),
      'a.png',
      'image/png',
    );
    expect(unknownKind.statusCode).toBe(400);
  });

  it('stores a passport photograph, serves it by a signed link without a bearer header, and replaces it', async () => {
    const png = demoPassportPng('applicant-3');
    const response = await upload(t.app, who[3]!.auth, 'passport', png, 'my photo.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Status: 'Ok',
      Data: {
        Kind: 'passport',
        Uploaded: { FileName: 'my photo.png', ContentType: 'image/png', Size: png.length },
      },
    });
    expect(filesUnder(who[3]!.dir)).toHaveLength(1);

    const record = (
      await get(`/api/Applicants/GetApplicantRecordById?ApplicantID=${who[3]!.id}`, who[3]!.auth)
    ).json();
    const link: string = record.Data.Passport;
    expect(link).toMatch(/^\/api\/applicant\/passport\?a=[0-9a-f]{32}&v=[0-9a-f]+&exp=\d+&sig=[\w-]+$/);
    const image = await t.app.inject({ method: 'GET', url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);

    const tampered = await t.app.inject({
      method: 'GET',
      url: link.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')),
    });
    expect(tampered.statusCode).toBe(404);
    const otherApplicant = await t.app.inject({
      method: 'GET',
      url: link.replace(who[3]!.publicId, who[4]!.publicId),
    });
    expect(otherApplicant.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(applicants).where(eq(applicants.id, who[3]!.id));
    const old = passportLink(t.config, who[3]!.publicId, row!.passportKey, Date.now() - 10 * 3600_000)!;
    const expired = await t.app.inject({ method: 'GET', url: old });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().Message).toBe(APPLICANT_MESSAGES.linkExpired);

    // Replace with a JPEG: the old file goes, the new one is served with its own type.
    const jpeg = await upload(
      t.app,
      who[3]!.auth,
      'passport',
      TINY_JPEG,
      'camera.jpeg',
      'application/octet-stream',
    );
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().Data.Uploaded).toMatchObject({ ContentType: 'image/jpeg', FileName: 'camera.jpg' });
    const files = filesUnder(who[3]!.dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^passport-[0-9a-f]+\.jpg$/);
    const download = await get('/api/applicant/documents/passport/file', who[3]!.auth);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="camera.jpg"; filename*=UTF-8''camera.jpg`,
    );
    expect(Buffer.compare(download.rawPayload, TINY_JPEG)).toBe(0);
    // the login response carries a signed link too
    const again = await login(t.app, 'Applicant', '202410000003AC');
    expect(again.body.Data.Passport).toMatch(/^\/api\/applicant\/passport\?a=/);
    expect((await t.app.inject({ method: 'GET', url: again.body.Data.Passport })).statusCode).toBe(200);
  });

  it('uploads, downloads, replaces and removes a document', async () => {
    const pdf = await smallPdf('JAMB result slip');
    const first = await upload(
      t.app,
      who[3]!.auth,
      'jamb_result',
      pdf,
      '../../etc/JAMB slip<1>.pdf',
      'application/pdf',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().Data.Uploaded).toMatchObject({
      ContentType: 'application/pdf',
      FileName: 'JAMB slip_1_.pdf',
      DownloadUrl: '/api/applicant/documents/jamb_result/file',
    });
    const download = await get('/api/applicant/documents/jamb_result/file', who[3]!.auth);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="JAMB slip_1_.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    const oldFiles = filesUnder(who[3]!.dir).filter((f) => f.startsWith('jamb-result'));
    expect(oldFiles).toHaveLength(1);

    const replaced = await upload(
      t.app,
      who[3]!.auth,
      'jamb_result',
      demoPassportPng('scan'),
      'scan.png',
      'image/png',
    );
    expect(replaced.json().Data.Uploaded.ContentType).toBe('image/png');
    const newFiles = filesUnder(who[3]!.dir).filter((f) => f.startsWith('jamb-result'));
    expect(newFiles).toHaveLength(1);
    expect(newFiles[0]).not.toBe(oldFiles[0]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/applicant/documents/jamb_result',
      headers: who[3]!.auth,
    });
    expect(removed.json()).toEqual({ Status: 'Ok', Message: APPLICANT_MESSAGES.documentDeleted });
    expect(filesUnder(who[3]!.dir).filter((f) => f.startsWith('jamb-result'))).toEqual([]);
    expect((await get('/api/applicant/documents/jamb_result/file', who[3]!.auth)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/applicant/documents/jamb_result',
      headers: who[3]!.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('accepts files up to the limit (well above the 1 MB JSON body limit)', async () => {
    const pdf = await smallPdf('big but allowed');
    const allowed = Buffer.concat([pdf, Buffer.alloc(DOCUMENT_MAX_BYTES - pdf.length, 32)]);
    const response = await upload(
      t.app,
      who[3]!.auth,
      'birth_certificate',
      allowed,
      'birth.pdf',
      'application/pdf',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().Data.Uploaded.Size).toBe(DOCUMENT_MAX_BYTES);
    const png = demoPassportPng('edge');
    const photo = Buffer.concat([png, Buffer.alloc(PASSPORT_MAX_BYTES - png.length, 0)]);
    expect(
      (await upload(t.app, who[3]!.auth, 'lga_certificate', photo, 'lga.png', 'image/png')).statusCode,
    ).toBe(200);
  });

  it("never serves another applicant's document", async () => {
    // applicant 4 has uploaded everything (seed); applicant 3 has no O'level certificate
    expect((await get('/api/applicant/documents/olevel_result/file', who[4]!.auth)).statusCode).toBe(200);
    const mine = await get('/api/applicant/documents/olevel_result/file', who[3]!.auth);
    expect(mine.statusCode).toBe(404);
    expect(mine.headers['content-type']).toMatch(/application\/json/);
    const list = (await get('/api/applicant/documents', who[3]!.auth)).json();
    const olevel = list.Data.Documents.find((d: { Kind: string }) => d.Kind === 'olevel_result');
    expect(olevel.Uploaded).toBeNull();
    expect((await get('/api/applicant/documents')).statusCode).toBe(401);
  });

  it('reports the seeded documents of applicant 4 as complete', async () => {
    const list = (await get('/api/applicant/documents', who[4]!.auth)).json();
    expect(list.Data).toMatchObject({ Complete: true, Locked: false });
    expect(list.Data.Documents.every((d: { Uploaded: unknown }) => d.Uploaded !== null)).toBe(true);
    expect(filesUnder(who[4]!.dir)).toHaveLength(5);
  });

  it('refuses uploads and removals once registration is complete, storing nothing', async () => {
    const before = filesUnder(who[5]!.dir);
    expect(before).toHaveLength(5);
    const response = await upload(
      t.app,
      who[5]!.auth,
      'passport',
      demoPassportPng('late'),
      'late.png',
      'image/png',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().Message).toBe(APPLICANT_MESSAGES.locked);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/applicant/documents/jamb_result',
      headers: who[5]!.auth,
    });
    expect(removed.statusCode).toBe(409);
    expect(filesUnder(who[5]!.dir)).toEqual(before);
    const list = (await get('/api/applicant/documents', who[5]!.auth)).json();
    expect(list.Data.Locked).toBe(true);
  });

  it('lists admission documents only once admitted, targeted at level and department', async () => {
    const early = await get('/api/listofforms?type=2', who[3]!.auth);
    expect(early.json()).toMatchObject({
      Status: 'Ok',
      Data: [],
      Message: APPLICANT_MESSAGES.formsNotYet,
      Total: 0,
    });
    const forms = await t.database.db.select().from(admissionForms);
    const fee = forms.find((f) => f.name === 'Fee Schedule')!;
    expect((await get(`/api/listofforms/${fee.id}/download`, who[3]!.auth)).statusCode).toBe(403);

    for (const stage of [6, 7]) {
      const response = await get('/api/listofforms?type=2', who[stage]!.auth);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.Data.map((f: { formName: string }) => f.formName)).toEqual([
        'Provisional Admission Letter',
        'Medical Examination Form',
        'Undertaking Form',
        'Fee Schedule',
      ]);
      expect(body.Data[3]).toEqual({
        formId: fee.id,
        formName: 'Fee Schedule',
        formUrl: `/api/listofforms/${fee.id}/download`,
        fileExt: 'pdf',
        formDescription: 'The details of all fees payable for the session',
        levelIds: [],
        departmentIds: [],
      });
    }
    const download = await get(`/api/listofforms/${fee.id}/download`, who[7]!.auth);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Fee Schedule.pdf"/);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfTextContent(download.rawPayload)).toContain('FEE SCHEDULE');
    // Forms aimed at engineering departments or 200 level are not this applicant's.
    for (const name of ['Engineering Workshop Safety Form', 'Direct Entry Credit Transfer Form']) {
      const other = forms.find((f) => f.name === name)!;
      expect((await get(`/api/listofforms/${other.id}/download`, who[7]!.auth)).statusCode).toBe(404);
    }
    expect((await get('/api/listofforms/99999/download', who[7]!.auth)).statusCode).toBe(404);
    expect((await get('/api/listofforms?type=1', who[7]!.auth)).json().Data).toEqual([]);
    expect((await get('/api/listofforms?type=2&page=2&pageSize=3', who[7]!.auth)).json()).toMatchObject({
      Page: 2,
      PageSize: 3,
      Total: 4,
      Data: [{ formName: 'Fee Schedule' }],
    });
  });

  it('opens the admission documents to a listed registration number', async () => {
    await t.database.db.insert(listedApplicants).values({ jambRegNo: '202410000003AC', note: 'test' });
    const record = (
      await get(`/api/Applicants/GetApplicantRecordById?ApplicantID=${who[3]!.id}`, who[3]!.auth)
    ).json();
    expect(record.Data).toMatchObject({ IsListed: true, AdmissionLevel: 0 });
    const forms = (await get('/api/listofforms?type=2', who[3]!.auth)).json();
    expect(forms.Data).toHaveLength(4);
  });

  it('seeds idempotently, writing back a file missing from storage', async () => {
    const db = t.database.db;
    const documentsBefore = await db.select().from(applicantDocuments);
    const formsBefore = await db.select().from(admissionForms);
    const [passport] = await rowsOf(who[6]!.id, 'passport');
    rmSync(path.join(t.config.DATA_DIR, 'uploads', passport!.storageKey));
    expect((await get('/api/applicant/documents/passport/file', who[6]!.auth)).statusCode).toBe(404);
    await seed(db, t.app.deps.storage);
    expect(await db.select().from(applicantDocuments)).toHaveLength(documentsBefore.length);
    expect(await db.select().from(admissionForms)).toHaveLength(formsBefore.length);
    const restored = await get('/api/applicant/documents/passport/file', who[6]!.auth);
    expect(restored.statusCode).toBe(200);
    expect(restored.headers['content-type']).toBe('image/png');
  });
});
