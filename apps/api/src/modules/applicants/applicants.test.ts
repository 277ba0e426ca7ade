import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_MESSAGES, INDIGENE_STATE_ID, PHONE_MESSAGE } from '@portal/contracts';
import { applicants, departments, feeSchedule, paymentItems, payments } from '../../db/schema/index.js';
import { demoPassportPng } from '../../db/seed/applicant-files.js';
import { newPublicId } from '../../platform/ids.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { deriveProgress, getApplicantRecord, markAcceptancePaid } from './applicants.service.js';
import { resultRow, smallPdf, upload } from './test-support.js';

type Auth = Record<string, string>;
const NOT_FOUND = { Status: 'NotFound', Message: 'Record not found.' };

describe('the applicant record and registration', () => {
  let t: TestApp;
  const who: Record<
    number,
    { id: number; auth: Auth; body: { Data: { ApplicantID: number; Passport: string | null } } }
  > = {};
  let nigeriaId: number;
  let csc: { id: number; courseId: number };
  let hostLgaId: number;
  let otherStateLgaId: number;

  const jambOf = (stage: number) => `20241000000${stage}A${String.fromCharCode(64 + stage)}`;
  const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const put = (url: string, payload: object, auth?: Auth) =>
    t.app.inject({ method: 'PUT', url, headers: auth, payload });
  const record = async (stage: number) =>
    (
      await get(`/api/Applicants/GetApplicantRecordById?ApplicantID=${who[stage]!.id}`, who[stage]!.auth)
    ).json().Data;
  const biodataFor = (overrides: Record<string, unknown> = {}) => ({
    FirstName: 'Chinedu',
    OtherName: 'Emeka',
    LastName: 'Okafor',
    Email: 'applicant1@demo.edu.ng',
    DateOfBirth: '2006-03-14',
    Gender: 'Male',
    PhoneNumber: '+234 803 123 4567',
    Address: '12 Test Road, Minna',
    MaritalStatus: 'Single',
    CountryId: nigeriaId,
    StateId: INDIGENE_STATE_ID,
    LgaId: hostLgaId,
    DepartmentId: csc.id,
    CourseOfStudyId: csc.courseId,
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    for (const stage of [1, 2, 3, 4, 5, 6, 7]) {
      const session = await login(t.app, 'Applicant', jambOf(stage));
      who[stage] = { id: session.body.Data.ApplicantID, auth: session.auth, body: session.body };
    }
    const countries = (await get('/api/reference/countries?q=nigeria')).json();
    nigeriaId = countries.Data.find((c: { Code: string }) => c.Code === 'NG').CountryId;
    const lgas = (await get(`/api/reference/lgas?stateId=${INDIGENE_STATE_ID}`)).json();
    hostLgaId = lgas.Data[0].LgaId;
    const states = (await get('/api/reference/states')).json();
    const lagos = states.Data.find((s: { StateName: string }) => s.StateName === 'Lagos').StateId;
    otherStateLgaId = (await get(`/api/reference/lgas?stateId=${lagos}`)).json().Data[0].LgaId;
    const deps = (await get('/api/reference/departments')).json();
    const cs = deps.Data.find((d: { DepartmentName: string }) => d.DepartmentName === 'Computer Science');
    csc = { id: cs.DepartmentId, courseId: cs.CoursesOfStudy[0].CourseOfStudyId };
  });
  afterAll(() => t.close());

  it('derives the seeded applicants’ progress from their stored facts', async () => {
    const expected: Record<number, Record<string, unknown>> = {
      1: {
        IsBiodataSaved: false,
        IsOlevelSaved: false,
        IsUploadDocument: false,
        RegComplete: false,
        AdmissionLevel: 0,
        IsPasswdChgd: null,
      },
      2: {
        IsBiodataSaved: true,
        IsOlevelSaved: false,
        IsUploadDocument: false,
        RegComplete: false,
        AdmissionLevel: 0,
        IsPasswdChgd: true,
      },
      3: {
        IsBiodataSaved: true,
        IsOlevelSaved: true,
        IsUploadDocument: false,
        RegComplete: false,
        AdmissionLevel: 0,
      },
      4: {
        IsBiodataSaved: true,
        IsOlevelSaved: true,
        IsUploadDocument: true,
        RegComplete: false,
        AdmissionLevel: 0,
      },
      5: { RegComplete: true, AdmissionStatus: false, AdmissionState: 'none', AdmissionLevel: 1 },
      6: { RegComplete: true, AdmissionStatus: true, AdmissionState: 'admitted', AdmissionLevel: 3 },
      7: { RegComplete: true, AdmissionStatus: true, AdmissionLevel: 4, IsListed: false },
    };
    for (const [stage, flags] of Object.entries(expected)) {
      const data = await record(Number(stage));
      expect(data, `applicant ${stage}`).toMatchObject({ ...flags, JambRegNo: jambOf(Number(stage)) });
    }
    const five = await record(5);
    expect(five).toMatchObject({
      ApplicantID: who[5]!.id,
      FirstName: 'Ibrahim',
      LastName: 'Musa',
      Email: 'applicant5@demo.edu.ng',
      DateOfBirth: '2006-05-15',
      Gender: 'Male',
      CourseofStudy: 'Computer Science',
      EntryModeId: 1,
      OlevelCount: 9,
      MissingDocuments: [],
      RegistrationMissing: [],
      Applicant: {
        CategoryName: 'Science',
        DepartmentName: 'Computer Science',
        MaritalStatusName: 'Single',
        CountryName: 'Nigeria',
        StateName: 'Lagos',
        LGAName: expect.any(String),
      },
    });
    expect(five.DateRegistered).toEqual(expect.any(String));
    expect(five.Passport).toMatch(/^\/api\/applicant\/passport\?/);
    expect((await record(7)).AcceptancePaidAt).toEqual(expect.any(String));
    expect(who[4]!.body.Data.Passport).toMatch(/^\/api\/applicant\/passport\?/);
    expect(who[1]!.body.Data.Passport).toBeNull();
  });

  it('derives flags as a pure function of the facts', () => {
    const base = {
      biodataSavedAt: null,
      olevelCount: 0,
      documentKinds: [],
      registeredAt: null,
      admissionStatus: 'none',
      rejectionReason: null,
      admittedAt: null,
      acceptancePaidAt: null,
      passwordChangedAt: null,
    };
    expect(deriveProgress(base)).toMatchObject({
      AdmissionLevel: 0,
      IsPasswdChgd: null,
      RegistrationMissing: expect.any(Array),
    });
    expect(deriveProgress({ ...base, olevelCount: 7 }).IsOlevelSaved).toBe(false);
    expect(deriveProgress({ ...base, olevelCount: 8 }).IsOlevelSaved).toBe(true);
    expect(
      deriveProgress({ ...base, registeredAt: new Date(), admissionStatus: 'verified' }).AdmissionLevel,
    ).toBe(2);
    expect(
      deriveProgress({
        ...base,
        registeredAt: new Date(),
        admissionStatus: 'rejected',
        rejectionReason: 'UTME score below the cut-off.',
      }),
    ).toMatchObject({
      AdmissionLevel: 1,
      AdmissionState: 'rejected',
      AdmissionStatus: false,
      RejectionReason: 'UTME score below the cut-off.',
    });
    // A reason left from an earlier rejection is not shown once the application moves on.
    expect(
      deriveProgress({ ...base, admissionStatus: 'admitted', rejectionReason: 'old' }).RejectionReason,
    ).toBeNull();
    expect(
      deriveProgress({ ...base, admissionStatus: 'admitted', acceptancePaidAt: new Date() }).AdmissionLevel,
    ).toBe(4);
    expect(deriveProgress({ ...base, admissionStatus: 'something odd' }).AdmissionState).toBe('none');
  });

  it("answers 404, with no data, to every call naming another applicant's id", async () => {
    const a = who[2]!;
    const b = who[4]!; // documents complete, not registered: SubmitReg on b's id must not register b
    const theirResults = (await get(`/api/OResults/hasOlevelResult?applicantId=${b.id}`, b.auth)).json();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/Applicants/GetApplicantRecordById?ApplicantID=${b.id}`],
      ['GET', `/api/Applicants/SubmitReg?applicantId=${b.id}`],
      ['GET', `/api/ApplicantAcceptancePaymentHistory?payeeId=${b.id}`],
      ['GET', `/api/AdmissionFeeSchedule?applicantId=${b.id}`],
      ['GET', `/api/OResults/NewhasOlevelResult?applicantId=${b.id}`],
      ['GET', `/api/OResults/hasOlevelResult?applicantId=${b.id}`],
      ['POST', '/api/OResults/PostEachOResult', resultRow(b.id, 30)],
      ['POST', '/api/OResults/PostOResult', [30, 31, 32, 33, 34, 35, 36, 37].map((s) => resultRow(b.id, s))],
      ['DELETE', `/api/OResults/DeleteOResult?olevelresultId=${theirResults[0].OLevelResultID}`],
    ];
    for (const [method, url, payload] of calls) {
      for (const target of [url, url.replace(`=${b.id}`, '=999999')]) {
        const response = await t.app.inject({
          method: method as 'GET',
          url: target,
          headers: a.auth,
          ...(payload ? { payload: payload as object } : {}),
        });
        expect(response.statusCode, `${method} ${target}`).toBe(404);
        expect(response.json(), `${method} ${target}`).toEqual(NOT_FOUND);
      }
    }
    const after = await getApplicantRecord(t.database.db, t.config, b.id);
    expect(after).toMatchObject({ RegComplete: false, OlevelCount: 9 });
  });

  it('validates biodata and changes nothing on bad input', async () => {
    const a1 = who[1]!;
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ FirstName: '' }, 400, 'FirstName: First name is required.'],
      [{ FirstName: undefined }, 400, 'FirstName: First name is required.'],
      [{ LastName: 'R2-D2' }, 400, /Last name may only contain letters/],
      [{ PhoneNumber: '12345' }, 400, `PhoneNumber: ${PHONE_MESSAGE}`],
      [{ Email: 'not-an-email' }, 400, 'Email: Email is invalid'],
      [{ DateOfBirth: '2006-02-30' }, 400, 'DateOfBirth: Date of birth is not a real date.'],
      [{ DateOfBirth: '2020-01-01' }, 400, /between 14 and 80 years old/],
      [{ Gender: 'Other' }, 400, 'Gender: Gender must be Male or Female.'],
      [{ MaritalStatus: 'Complicated' }, 400, /Marital status must be one of/],
      [{ CountryId: 999999 }, 400, APPLICANT_MESSAGES.unknownCountry],
      [{ StateId: null }, 400, APPLICANT_MESSAGES.stateRequired],
      [{ LgaId: null }, 400, APPLICANT_MESSAGES.lgaRequired],
      [{ LgaId: otherStateLgaId }, 400, APPLICANT_MESSAGES.lgaNotInState],
      [{ DepartmentId: 999999 }, 400, APPLICANT_MESSAGES.unknownDepartment],
      [{ CourseOfStudyId: csc.courseId + 1 }, 400, APPLICANT_MESSAGES.courseNotInDepartment],
      [{ Email: 'applicant2@demo.edu.ng' }, 409, APPLICANT_MESSAGES.emailTaken],
      [{ Email: 'APPLICANT3@demo.edu.ng' }, 409, APPLICANT_MESSAGES.emailTaken],
    ];
    for (const [override, status, message] of cases) {
      const response = await put('/api/applicant/biodata', biodataFor(override), a1.auth);
      expect(response.statusCode, JSON.stringify(override)).toBe(status);
      expect(response.json().Message, JSON.stringify(override)).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
    }
    const missing = await put('/api/applicant/biodata', biodataFor({ FirstName: '' }), a1.auth);
    expect(missing.json().Errors).toEqual([{ path: 'FirstName', message: 'First name is required.' }]);
    const stored = (await get('/api/applicant/biodata', a1.auth)).json().Data;
    expect(stored).toMatchObject({ SavedAt: null, PhoneNumber: null, Locked: false, JambRegNo: jambOf(1) });
    expect((await record(1)).IsBiodataSaved).toBe(false);
  });

  it('saves biodata for a foreign applicant without state or LGA', async () => {
    const countries = (await get('/api/reference/countries?q=ghana')).json();
    const ghana = countries.Data[0].CountryId;
    const refused = await put('/api/applicant/biodata', biodataFor({ CountryId: ghana }), who[1]!.auth);
    expect(refused.json().Message).toBe(APPLICANT_MESSAGES.stateNotInCountry);
    const saved = await put(
      '/api/applicant/biodata',
      biodataFor({ CountryId: ghana, StateId: null, LgaId: '', OtherName: '  ' }),
      who[1]!.auth,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      Status: 'Ok',
      Message: APPLICANT_MESSAGES.biodataSaved,
      Data: { CountryId: ghana, StateId: null, LgaId: null, OtherName: null, PhoneNumber: '08031234567' },
    });
  });

  it('saves and reads the guardian', async () => {
    const a1 = who[1]!;
    expect((await get('/api/applicant/guardian', a1.auth)).json()).toEqual({
      Status: 'Ok',
      Data: null,
      Locked: false,
    });
    const bad = await put(
      '/api/applicant/guardian',
      { Name: 'Mr Okafor', Relationship: 'Father', PhoneNumber: '0803', Address: '12 Test Road' },
      a1.auth,
    );
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/applicant/guardian', a1.auth)).json().Data).toBeNull();
    const saved = await put(
      '/api/applicant/guardian',
      {
        Name: 'Mr Okafor',
        Relationship: 'Father',
        PhoneNumber: '0803 987 6543',
        Email: '',
        Address: '12 Test Road, Minna',
      },
      a1.auth,
    );
    expect(saved.json()).toEqual({
      Status: 'Ok',
      Message: APPLICANT_MESSAGES.guardianSaved,
      Data: {
        Name: 'Mr Okafor',
        Relationship: 'Father',
        PhoneNumber: '08039876543',
        Email: null,
        Address: '12 Test Road, Minna',
      },
      Locked: false,
    });
  });

  it('walks the journey: flags follow the facts, SubmitReg waits for everything, then details lock', async () => {
    const a1 = who[1]!;
    let data = await record(1);
    expect(data).toMatchObject({
      IsBiodataSaved: true,
      IsOlevelSaved: false,
      IsUploadDocument: false,
      RegComplete: false,
    });

    // Nigerian again (the journey continues with a host-state indigene)
    expect((await put('/api/applicant/biodata', biodataFor(), a1.auth)).statusCode).toBe(200);
    data = await record(1);
    expect(data.Applicant).toMatchObject({ CountryName: 'Nigeria', StateName: 'Niger' });

    let submit = await get(`/api/Applicants/SubmitReg?applicantId=${a1.id}`, a1.auth);
    expect(submit.statusCode).toBe(400);
    expect(submit.json().Message).toBe(
      `${APPLICANT_MESSAGES.registrationIncomplete} O'level results (at least 8 subjects; 0 saved); ` +
        "documents: Passport Photograph, O'level Certificate / Result, JAMB Result Slip, Birth Certificate or Age Declaration, LGA Certificate of Origin.",
    );

    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/OResults/PostOResult',
      headers: a1.auth,
      payload: [1, 2, 3, 4, 5, 6, 7, 8].map((s) => resultRow(a1.id, s)),
    });
    expect(batch.json().Status).toBe('Success');
    data = await record(1);
    expect(data).toMatchObject({ IsOlevelSaved: true, OlevelCount: 8, IsUploadDocument: false });

    expect(
      (await upload(t.app, a1.auth, 'passport', demoPassportPng('a1'), 'me.png', 'image/png')).statusCode,
    ).toBe(200);
    for (const kind of ['olevel_result', 'jamb_result', 'birth_certificate']) {
      expect(
        (await upload(t.app, a1.auth, kind, await smallPdf(kind), `${kind}.pdf`, 'application/pdf'))
          .statusCode,
      ).toBe(200);
    }
    data = await record(1);
    expect(data).toMatchObject({ IsUploadDocument: false, MissingDocuments: ['lga_certificate'] });
    submit = await get(`/api/Applicants/SubmitReg?applicantId=${a1.id}`, a1.auth);
    expect(submit.statusCode).toBe(400);
    expect(submit.json().Message).toBe(
      `${APPLICANT_MESSAGES.registrationIncomplete} documents: LGA Certificate of Origin.`,
    );
    expect((await record(1)).RegComplete).toBe(false);

    await upload(t.app, a1.auth, 'lga_certificate', await smallPdf('lga'), 'lga.pdf', 'application/pdf');
    data = await record(1);
    expect(data).toMatchObject({
      IsUploadDocument: true,
      MissingDocuments: [],
      RegistrationMissing: [],
      RegComplete: false,
    });

    submit = await get(`/api/Applicants/SubmitReg?applicantId=${a1.id}`, a1.auth);
    expect(submit.statusCode).toBe(200);
    expect(submit.json()).toMatchObject({
      Status: 'OK',
      Message: APPLICANT_MESSAGES.registrationDone,
      Data: { RegComplete: true, AdmissionLevel: 1, DateRegistered: expect.any(String) },
    });
    const registeredAt = submit.json().Data.DateRegistered;
    const again = await get(`/api/Applicants/SubmitReg?applicantId=${a1.id}`, a1.auth);
    expect(again.json()).toMatchObject({ Status: 'OK', Message: APPLICANT_MESSAGES.registrationAlreadyDone });
    expect(again.json().Data.DateRegistered).toBe(registeredAt);

    // Locked now.
    const locked = { Status: 'Invalid', Message: APPLICANT_MESSAGES.locked };
    const edits = [
      await put('/api/applicant/biodata', biodataFor({ Address: '99 Changed Street' }), a1.auth),
      await put(
        '/api/applicant/guardian',
        { Name: 'Mrs Okafor', Relationship: 'Mother', PhoneNumber: '08031112222', Address: '12 Test Road' },
        a1.auth,
      ),
      await t.app.inject({
        method: 'POST',
        url: '/api/OResults/PostEachOResult',
        headers: a1.auth,
        payload: resultRow(a1.id, 20),
      }),
      await upload(t.app, a1.auth, 'jamb_result', await smallPdf('x'), 'x.pdf', 'application/pdf'),
    ];
    for (const response of edits) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(locked);
    }
    expect((await get('/api/applicant/biodata', a1.auth)).json().Data).toMatchObject({
      Address: '12 Test Road, Minna',
      Locked: true,
    });
    expect((await get('/api/applicant/guardian', a1.auth)).json()).toMatchObject({
      Locked: true,
      Data: { Name: 'Mr Okafor' },
    });

    // The admissions team moves the application on; the level follows.
    const setStatus = (admissionStatus: string, admittedAt: Date | null = null) =>
      t.database.db.update(applicants).set({ admissionStatus, admittedAt }).where(eq(applicants.id, a1.id));
    await setStatus('screened');
    expect(await record(1)).toMatchObject({
      AdmissionLevel: 2,
      AdmissionState: 'screened',
      AdmissionStatus: false,
    });
    await setStatus('rejected');
    expect(await record(1)).toMatchObject({ AdmissionLevel: 1, AdmissionState: 'rejected' });
    await setStatus('admitted', new Date());
    expect(await record(1)).toMatchObject({
      AdmissionLevel: 3,
      AdmissionStatus: true,
      AdmittedAt: expect.any(String),
    });

    // The payments module records the acceptance fee inside its own transaction.
    const paidAt = new Date('2025-01-10T10:00:00Z');
    expect(await t.database.db.transaction((tx) => markAcceptancePaid(tx, a1.id, paidAt))).toBe(true);
    expect(await t.database.db.transaction((tx) => markAcceptancePaid(tx, a1.id, new Date()))).toBe(false);
    expect(await record(1)).toMatchObject({ AdmissionLevel: 4, AcceptancePaidAt: paidAt.toISOString() });
    await expect(markAcceptancePaid(t.database.db, 999999, paidAt)).rejects.toThrow(
      APPLICANT_MESSAGES.notFound,
    );

    // IsPasswdChgd: null until the default password is changed.
    expect((await record(1)).IsPasswdChgd).toBeNull();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ChangePassword',
      headers: a1.auth,
      payload: { currentPassword: 'Portal@2025', newPassword: 'Kano-Harmattan-2025' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await record(1)).IsPasswdChgd).toBe(true);
  });

  it('serves the application slip after registration, as data and as a real A4 landscape PDF', async () => {
    for (const url of ['/api/applicant/slip', '/api/applicant/slip.pdf']) {
      const early = await get(url, who[3]!.auth);
      expect(early.statusCode).toBe(409);
      expect(early.json().Message).toBe(APPLICANT_MESSAGES.slipNotReady);
    }
    const slip = (await get('/api/applicant/slip', who[5]!.auth)).json();
    expect(slip.Data).toMatchObject({ JambRegNo: jambOf(5), DateRegistered: expect.any(String) });
    expect(slip.Data.OlevelResults).toHaveLength(9);
    expect(slip.Data.OlevelResults[0]).toMatchObject({
      OLevelSubjectName: 'English Language',
      GradeName: 'B3',
      OLevelTypeName: 'WAEC',
    });

    const started = Date.now();
    const pdf = await get('/api/applicant/slip.pdf', who[5]!.auth);
    const elapsed = Date.now() - started;
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="ApplicationSlip-202410000005AE.pdf"/,
    );
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const text = await pdfTextContent(bytes);
    for (const expected of [
      jambOf(5),
      'PROSPECTIVE STUDENT APPLICATION SLIP',
      'DEMO INSTITUTE OF TECHNOLOGY',
      "O'LEVEL RESULT",
      'Exam Number',
      'Year of Exam',
      'English Language',
      'Ibrahim',
      'applicant5@demo.edu.ng',
      '2006-05-15',
    ]) {
      expect(text).toContain(expected);
    }
    console.info(`slip.pdf: ${bytes.length} bytes in ${elapsed} ms`);
  });

  it('serves the Applicant Details form as ApplicantFormPDF.pdf at any stage', async () => {
    const pdf = await get('/api/applicant/form.pdf', who[2]!.auth);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="ApplicantFormPDF.pdf"/);
    const text = await pdfTextContent(pdf.rawPayload);
    expect(text).toContain('APPLICANT DETAILS');
    expect(text).toContain(jambOf(2));
    expect(text).toContain('PARENT / GUARDIAN');
    expect(text).toContain('Not uploaded');
    const full = await pdfTextContent((await get('/api/applicant/form.pdf', who[5]!.auth)).rawPayload);
    expect(full).toContain('LGA Certificate of Origin');
    expect(full).toContain('Mathematics');
  });

  it('prices the fee schedule by the indigene rule, the most specific line winning', async () => {
    const db = t.database.db;
    // The session-wide lines: the 100-level lines that override them (the demo applicants' level) cost the same.
    const lines = (await db.select().from(feeSchedule)).filter(
      (l) => l.levelId === null && l.departmentId === null && l.programmeId === null,
    );
    const items = await db.select().from(paymentItems);
    const expectRows = (indigene: boolean) =>
      lines.map((l) => ({
        PaymentItemId: l.itemId,
        PaymentName: items.find((i) => i.id === l.itemId)!.name,
        Amount: (indigene ? l.indigeneAmountKobo : l.nonIndigeneAmountKobo) / 100,
        IndigeneAmount: l.indigeneAmountKobo / 100,
        NonIndigeneAmount: l.nonIndigeneAmountKobo / 100,
      }));
    // applicant 6 is from the host state (2656), applicant 5 from Lagos
    const six = (await get(`/api/AdmissionFeeSchedule?applicantId=${who[6]!.id}`, who[6]!.auth)).json();
    expect(six.Status).toBe('Ok');
    expect(six.Data.IsIndigene).toBe(true);
    expect(six.Data.response).toEqual(expectRows(true));
    expect(six.Data.Total).toBe(expectRows(true).reduce((s, r) => s + r.Amount, 0));
    expect(six.Data.feeRows).toMatch(/^<table class="fee-schedule">/);
    const five = (await get(`/api/AdmissionFeeSchedule?applicantId=${who[5]!.id}`, who[5]!.auth)).json();
    expect(five.Data.IsIndigene).toBe(false);
    expect(five.Data.response).toEqual(expectRows(false));

    // A line for the applicant's department and level overrides the level's and the general one;
    // another department's does not apply.
    const [other] = await db.select().from(departments).where(eq(departments.code, 'EEE'));
    const [sixLevel] = await db
      .select({ levelId: applicants.levelId })
      .from(applicants)
      .where(eq(applicants.id, who[6]!.id));
    const sessionId = lines[0]!.sessionId;
    await db.insert(paymentItems).values({ id: 99, name: 'Laboratory <b>fee</b> & kit', categoryId: 1 });
    // (The department's tuition for the level: the demo's line, priced here apart from the level's.)
    await db
      .update(feeSchedule)
      .set({ indigeneAmountKobo: 4_000_000, nonIndigeneAmountKobo: 7_000_000 })
      .where(
        and(
          eq(feeSchedule.sessionId, sessionId),
          eq(feeSchedule.itemId, 1),
          eq(feeSchedule.departmentId, csc.id),
          eq(feeSchedule.levelId, sixLevel!.levelId!),
        ),
      );
    await db.insert(feeSchedule).values([
      { sessionId, itemId: 1, departmentId: other!.id, indigeneAmountKobo: 1, nonIndigeneAmountKobo: 1 },
      { sessionId, itemId: 99, indigeneAmountKobo: 250_000, nonIndigeneAmountKobo: 350_000 },
    ]);
    const after = (await get(`/api/AdmissionFeeSchedule?applicantId=${who[6]!.id}`, who[6]!.auth)).json();
    expect(after.Data.response.find((r: { PaymentItemId: number }) => r.PaymentItemId === 1).Amount).toBe(
      40_000,
    );
    expect(after.Data.response.find((r: { PaymentItemId: number }) => r.PaymentItemId === 99).Amount).toBe(
      2_500,
    );
    expect(after.Data.feeRows).toContain('Laboratory &lt;b&gt;fee&lt;/b&gt; &amp; kit');
    expect(after.Data.feeRows).not.toContain('<b>');
  });

  it("lists the applicant's payment attempts from the payments table, newest first", async () => {
    const six = who[6]!;
    expect(
      (await get(`/api/ApplicantAcceptancePaymentHistory?payeeId=${six.id}`, six.auth)).json(),
    ).toMatchObject({
      Status: 'Ok',
      Data: [],
      Total: 0,
    });
    const base = {
      payeeTypeId: 1,
      applicantId: six.id,
      categoryId: 10,
      itemIds: [2],
      amountKobo: 500_000,
      chargesKobo: 10_750,
    };
    await t.database.db.insert(payments).values([
      {
        ...base,
        publicId: newPublicId(),
        provider: 'monnify',
        reference: 'MNFY-T-1',
        state: 'failed',
        createdAt: new Date('2025-01-05T09:00:00Z'),
      },
      {
        ...base,
        publicId: newPublicId(),
        provider: 'nomba',
        reference: 'NOMBA-T-2',
        providerReference: 'NB-998877',
        state: 'paid',
        amountPaidKobo: 510_750,
        createdAt: new Date('2025-01-06T09:00:00Z'),
        paidAt: new Date('2025-01-06T09:05:00Z'),
      },
    ]);
    const history = (await get(`/api/ApplicantAcceptancePaymentHistory?payeeId=${six.id}`, six.auth)).json();
    expect(history).toMatchObject({ Status: 'Ok', Total: 2, Page: 1 });
    expect(history.Data).toEqual([
      {
        PaymentId: expect.stringMatching(/^[0-9a-f]{32}$/),
        Provider: 'nomba',
        Reference: 'NOMBA-T-2',
        ProviderReference: 'NB-998877',
        PaymentCategoryId: 10,
        PaymentName: 'Acceptance Fee',
        Amount: 5000,
        Charges: 107.5,
        AmountPaid: 5107.5,
        Currency: 'NGN',
        State: 'paid',
        Date: '2025-01-06T09:00:00.000Z',
        PaidAt: '2025-01-06T09:05:00.000Z',
      },
      expect.objectContaining({ Provider: 'monnify', State: 'failed', AmountPaid: null, PaidAt: null }),
    ]);
    const page2 = (
      await get(`/api/ApplicantAcceptancePaymentHistory?payeeId=${six.id}&page=2&pageSize=1`, six.auth)
    ).json();
    expect(page2.Data.map((p: { Reference: string }) => p.Reference)).toEqual(['MNFY-T-1']);
    const other = await get(`/api/ApplicantAcceptancePaymentHistory?payeeId=${six.id}`, who[7]!.auth);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
  });

  it('serves the reference lists publicly, paged where long', async () => {
    const countries = (await get('/api/reference/countries')).json();
    expect(countries.Total).toBeGreaterThan(240);
    expect(countries.Data.length).toBe(countries.Total);
    const page = (await get('/api/reference/countries?page=2&pageSize=10')).json();
    expect(page).toMatchObject({ Page: 2, PageSize: 10 });
    expect(page.Data).toHaveLength(10);
    expect((await get('/api/reference/countries?pageSize=1000')).statusCode).toBe(400);
    const states = (await get('/api/reference/states')).json();
    expect(states.Data).toHaveLength(37);
    const lgas = (await get(`/api/reference/lgas?stateId=${INDIGENE_STATE_ID}`)).json();
    expect(lgas.Data).toHaveLength(25);
    expect(lgas.Data.every((l: { StateId: number }) => l.StateId === INDIGENE_STATE_ID)).toBe(true);
    expect((await get('/api/reference/lgas?stateId=1')).statusCode).toBe(404);
    expect((await get('/api/reference/lgas')).statusCode).toBe(400);
    const deps = (await get('/api/reference/departments')).json();
    expect(deps.Total).toBe(9);
    expect(deps.Data[0]).toMatchObject({ CategoryName: expect.any(String), FacultyName: expect.any(String) });
    expect(deps.Data[0].CoursesOfStudy.length).toBeGreaterThan(0);
  });

  it('needs an applicant session for every applicant route', async () => {
    const student = await login(t.app, 'Student', 'DIT/2024/0001');
    for (const url of [
      `/api/Applicants/GetApplicantRecordById?ApplicantID=${who[2]!.id}`,
      `/api/Applicants/SubmitReg?applicantId=${who[2]!.id}`,
      '/api/applicant/biodata',
      '/api/applicant/guardian',
      '/api/applicant/slip',
      '/api/applicant/form.pdf',
      '/api/applicant/documents',
      '/api/listofforms?type=2',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, student.auth)).statusCode, url).toBe(403);
    }
  });
});
