import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTITUTION_API, SCHOOL_LOGO_API, SCHOOL_LOGO_MAX_BYTES, SCHOOL_MESSAGES } from '@portal/contracts';
import { applicants, mailOutbox, payments, states, students } from '../../db/schema/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

// The school's particulars (School Management, `school-information`): its colours, its indigene state
// (which prices the fees), its logo, and its contacts in the documents and the e-mails. The particulars
// are cached per process here as in production, so a save is seen at once because it clears the cache.

type Auth = { authorization: string };
type Row = Record<string, unknown>;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(file: { name: string; bytes: Buffer }) {
  const boundary = `----school${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe("the school's particulars", () => {
  let t: TestApp;
  let admin: Auth;
  beforeAll(async () => {
    t = await startTestApp({ REFERENCE_CACHE_MS: '60000' }, { jobs: false });
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    auth?: Auth,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({ method, url, headers: auth, payload: payload as never });
    return { status: response.statusCode, body: response.json(), text: response.body };
  };
  const school = async (): Promise<Row> =>
    (await call('GET', '/api/admin/school-information?pageSize=1', admin)).body.Data[0];
  /** Replaces the school's record with its own values and these. */
  const save = async (changes: Row) => {
    const { id, indigeneStateName: _name, ...current } = await school();
    return call('PUT', `/api/admin/school-information/${id as number}`, admin, { ...current, ...changes });
  };
  const stateId = async (name: string) =>
    (await t.database.db.select().from(states).where(eq(states.name, name)))[0]!.id;

  it('keeps the colours as #rrggbb, refusing anything else with a clear message, and the shell reads them', async () => {
    const before = await school();
    expect(before).toMatchObject({
      primaryColour: '#3f51b5',
      secondaryColour: '#ffc107',
      indigeneStateId: 2656,
    });

    const saved = await save({ primaryColour: '#0b6e4f', secondaryColour: '#F2C14E' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Data).toMatchObject({ primaryColour: '#0b6e4f', secondaryColour: '#F2C14E' });
    const shell = (await call('GET', INSTITUTION_API)).body.Data;
    expect(shell).toMatchObject({
      Name: 'Demo Institute of Technology',
      ShortName: 'DIT',
      Email: 'info@demo.edu.ng',
      PrimaryColour: '#0b6e4f',
      SecondaryColour: '#F2C14E',
      LogoUrl: null,
    });

    for (const bad of ['green', '#0b6e4', '#0b6e4fa', '0b6e4f', '#gg6e4f', '']) {
      const refused = await save({ primaryColour: bad });
      expect(refused.status, `${bad}: ${refused.text}`).toBe(400);
      expect(refused.body.Message).toContain(
        bad === ''
          ? 'Primary colour is required.'
          : 'Primary colour must be written #rrggbb (six hexadecimal digits), such as #3f51b5.',
      );
    }
    // Nothing half-saved.
    expect(await school()).toMatchObject({ primaryColour: '#0b6e4f' });
    const trail = await call(
      'GET',
      `/api/admin/audit?entity=school-information&entityId=${before.id as number}`,
      admin,
    );
    expect(trail.body.Data[0]).toMatchObject({ action: 'update' });
  });

  it('prices the fees by the indigene state School Management sets', async () => {
    const lagos = await stateId('Lagos');
    const [host] = await t.database.db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0001'));
    const [other] = await t.database.db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0002'));
    expect(host!.stateId).toBe(2656);
    expect(other!.stateId).toBe(lagos);
    const fees = async (matricNo: string) => {
      const auth = (await login(t.app, 'Student', matricNo)).auth;
      return (await call('GET', '/api/student/school-fees', auth)).body.Data as {
        Indigene: boolean;
        Total: number;
        TotalIndigene: number;
        TotalNonIndigene: number;
      };
    };
    const [a, b] = [await fees('DIT/2024/0001'), await fees('DIT/2024/0002')];
    expect(a.Indigene).toBe(true);
    expect(a.Total).toBe(a.TotalIndigene);
    expect(b.Indigene).toBe(false);
    expect(b.Total).toBe(b.TotalNonIndigene);
    expect(b.TotalNonIndigene).toBeGreaterThan(b.TotalIndigene);
    // The students' sign-in answer follows the same rule (EntryTypeId 1: indigene).
    expect((await login(t.app, 'Student', 'DIT/2024/0002')).body.Data.EntryTypeId).toBe(2);

    const unknownState = await save({ indigeneStateId: 999_999 });
    expect(unknownState.status, unknownState.text).toBe(400);
    const moved = await save({ indigeneStateId: lagos });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.Data).toMatchObject({ indigeneStateId: lagos, indigeneStateName: 'Lagos' });
    try {
      // Seen at once although the particulars are cached: the save cleared them.
      const [a2, b2] = [await fees('DIT/2024/0001'), await fees('DIT/2024/0002')];
      expect(a2.Indigene).toBe(false);
      expect(a2.Total).toBe(a2.TotalNonIndigene);
      expect(b2.Indigene).toBe(true);
      expect(b2.Total).toBe(b2.TotalIndigene);
      expect((await login(t.app, 'Student', 'DIT/2024/0002')).body.Data.EntryTypeId).toBe(1);
      // The debtors list prices the same way.
      const debtors = await call('GET', '/api/admin/debtors?pageSize=100&search=DIT%2F2024%2F0002', admin);
      const row = (debtors.body.Data as { MatricNo: string; Indigene: boolean }[]).find(
        (d) => d.MatricNo === 'DIT/2024/0002',
      );
      expect(row?.Indigene).toBe(true);
      // Applicant 5 (of Lagos) sees the indigene amounts of the fee schedule.
      const [applicant] = await t.database.db
        .select()
        .from(applicants)
        .where(eq(applicants.jambRegNo, '202410000005AE'));
      expect(applicant!.stateId).toBe(lagos);
      const signedIn = await login(t.app, 'Applicant', '202410000005AE');
      const schedule = await call(
        'GET',
        `/api/AdmissionFeeSchedule?applicantId=${signedIn.body.Data.ApplicantID as number}`,
        signedIn.auth,
      );
      expect(schedule.body.Data.IsIndigene).toBe(true);
      expect(schedule.body.Data.Total).toBe(
        (schedule.body.Data.response as { IndigeneAmount: number }[]).reduce(
          (s, r) => s + r.IndigeneAmount,
          0,
        ),
      );
    } finally {
      expect((await save({ indigeneStateId: 2656 })).status).toBe(200);
    }
    expect((await fees('DIT/2024/0001')).Indigene).toBe(true);
  });

  describe('the logo', () => {
    const upload = (file: { name: string; bytes: Buffer }, auth: Auth | null = admin) => {
      const { payload, headers } = multipart(file);
      return t.app.inject({
        method: 'POST',
        url: SCHOOL_LOGO_API,
        payload,
        headers: { ...headers, ...auth },
      });
    };

    it('refuses what is not a PNG or JPEG by its content, a file too large, and anyone without the page', async () => {
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0)]);
      const renamed = await upload({ name: 'logo.png', bytes: exe });
      expect(renamed.statusCode, renamed.body).toBe(415);
      expect(renamed.json().Message).toBe('This file type is not accepted. Upload PNG, JPEG.');
      const large = await upload({
        name: 'logo.png',
        bytes: Buffer.concat([PNG, Buffer.alloc(SCHOOL_LOGO_MAX_BYTES, 1)]),
      });
      expect(large.statusCode).toBe(413);
      expect(large.json().Message).toBe('The file is larger than the 512 KB allowed.');
      const student = (await login(t.app, 'Student', 'DIT/2024/0001')).auth;
      expect((await upload({ name: 'logo.png', bytes: PNG }, student)).statusCode).toBe(403);
      expect((await upload({ name: 'logo.png', bytes: PNG }, null)).statusCode).toBe(401);
      expect((await call('GET', INSTITUTION_API)).body.Data.LogoUrl).toBeNull();
      expect((await call('GET', SCHOOL_LOGO_API)).status).toBe(404);
    });

    it('is uploaded, served publicly with its type and an ETag, drawn on the receipts, and removed', async () => {
      const saved = await upload({ name: 'crest.png', bytes: PNG });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().Message).toBe(SCHOOL_MESSAGES.logoSaved);
      const url = (await call('GET', INSTITUTION_API)).body.Data.LogoUrl as string;
      expect(url).toBe(saved.json().Data.LogoUrl);
      expect(url).toMatch(/^\/api\/school\/logo\?v=[0-9a-f]+$/);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const plain = await t.app.inject({ method: 'GET', url: SCHOOL_LOGO_API });
      expect(plain.headers['cache-control']).toBe('public, no-cache');
      const etag = plain.headers.etag as string;
      expect(etag).toMatch(/^"logo-/);
      const again = await t.app.inject({
        method: 'GET',
        url: SCHOOL_LOGO_API,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);

      // A receipt is still generated, headed with the logo (an image) and the school's contacts.
      const [paid] = await t.database.db.select().from(payments).where(eq(payments.state, 'paid')).limit(1);
      const pdf = await t.app.inject({ method: 'GET', url: `/api/receipts/${paid!.publicId}.pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
      const text = await pdfTextContent(pdf.rawPayload);
      expect(text).toContain('DEMO INSTITUTE OF TECHNOLOGY');
      expect(text).toContain('info@demo.edu.ng');

      // A second logo replaces the first: a new URL, and the old version is no longer what is served.
      const jpeg = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
        Buffer.from('JFIF\0'),
        Buffer.alloc(64),
      ]);
      const replaced = await upload({ name: 'crest.jpg', bytes: jpeg });
      expect(replaced.statusCode, replaced.body).toBe(200);
      const next = (await call('GET', INSTITUTION_API)).body.Data.LogoUrl as string;
      expect(next).not.toBe(url);
      const jpegServed = await t.app.inject({
        method: 'GET',
        url: SCHOOL_LOGO_API,
        headers: { 'if-none-match': etag },
      });
      expect(jpegServed.statusCode).toBe(200);
      expect(jpegServed.headers['content-type']).toBe('image/jpeg');
      // An image pdfkit cannot draw leaves the monogram: the receipt is still made.
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/receipts/${paid!.publicId}.pdf` })).statusCode,
      ).toBe(200);

      const removed = await call('DELETE', SCHOOL_LOGO_API, admin);
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.Message).toBe(SCHOOL_MESSAGES.logoRemoved);
      expect((await call('GET', INSTITUTION_API)).body.Data.LogoUrl).toBeNull();
      expect((await call('GET', SCHOOL_LOGO_API)).body.Message).toBe(SCHOOL_MESSAGES.noLogo);
      expect((await call('DELETE', SCHOOL_LOGO_API, admin)).status).toBe(404);
      const trail = await call('GET', '/api/admin/audit?entity=school-information&pageSize=10', admin);
      const actions = (trail.body.Data as { action: string }[]).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['update-logo', 'remove-logo']));
    });
  });

  it("ends every e-mail with the school's name and contacts", async () => {
    await save({ phone: '08031234567' });
    const asked = await call('POST', '/api/Account/ForgotPassword', undefined, {
      email: 'applicant5@demo.edu.ng',
      userMode: 'Applicant',
      step: 1,
    });
    expect(asked.body.Status).toBe('Ok');
    // The reset link is queued after the answer (the answer's timing never tells whether the address exists).
    let mail: typeof mailOutbox.$inferSelect | undefined;
    for (let i = 0; i < 50 && !mail; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [mail] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'applicant5@demo.edu.ng'));
    }
    expect(mail!.text).toMatch(
      /\n--\nDemo Institute of Technology\n.+\nE-mail: info@demo\.edu\.ng · Phone: 08031234567/,
    );
  });
});
