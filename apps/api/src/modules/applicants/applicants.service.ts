import { createHash } from 'node:crypto';
import {
  chooseFeeLines,
  ADMISSION_LEVELS,
  ADMISSION_STATES,
  APPLICANT_MESSAGES,
  DOCUMENT_KINDS,
  MIN_OLEVEL_SUBJECTS,
  REQUIRED_DOCUMENT_KINDS,
  STATUS,
  koboToNaira,
  type AdmissionState,
  type ApplicantPaymentRow,
  type ApplicantRecord,
  type Biodata,
  type BiodataInput,
  type DocumentKind,
  type FeeScheduleRow,
  type GuardianInput,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { isIndigene } from '../../platform/school.js';
import { signLink } from '../../platform/storage.js';
import * as repo from './applicants.repository.js';

/**
 * The applicant's record and the rules of the journey. Other modules (payments, admin) call
 * the functions exported here; none of them writes the applicant's progress flags, because
 * there are none: every flag is derived by `deriveProgress` from stored facts.
 */

/** Settings the passport link needs. */
export type LinkConfig = Pick<Config, 'JWT_SECRET' | 'SESSION_TTL'>;

// ---------------------------------------------------------------------------------------------
// Derivation: the one place the progress flags come from.

/** The stored facts the flags are derived from. */
export interface ApplicantFacts {
  biodataSavedAt: Date | null;
  /** Saved O'level results. */
  olevelCount: number;
  /** Kinds of the documents uploaded (the passport is the kind 'passport'). */
  documentKinds: readonly string[];
  registeredAt: Date | null;
  /** none, screened, verified, admitted or rejected (set by the admissions team). */
  admissionStatus: string;
  /** The admissions team's reason, given when it rejected the application. */
  rejectionReason: string | null;
  admittedAt: Date | null;
  acceptancePaidAt: Date | null;
  passwordChangedAt: Date | null;
}

export interface ApplicantProgress {
  IsBiodataSaved: boolean;
  IsOlevelSaved: boolean;
  IsUploadDocument: boolean;
  MissingDocuments: DocumentKind[];
  RegComplete: boolean;
  IsPasswdChgd: true | null;
  AdmissionStatus: boolean;
  AdmissionState: AdmissionState;
  /** Why the application was rejected; null unless it was. */
  RejectionReason: string | null;
  /**
   * 0 registration not submitted; 1 submitted, awaiting the admissions team (a rejected
   * application stays at 1 with AdmissionState 'rejected'); 2 screened or verified, decision
   * pending; 3 admitted, acceptance fee pending; 4 acceptance fee paid.
   */
  AdmissionLevel: number;
  /** What registration still needs, in words; [] once it can be submitted or was submitted. */
  RegistrationMissing: string[];
}

/** Derives every progress flag from the stored facts. Pure: the same facts give the same flags. */
export function deriveProgress(f: ApplicantFacts): ApplicantProgress {
  const IsBiodataSaved = f.biodataSavedAt !== null;
  const IsOlevelSaved = f.olevelCount >= MIN_OLEVEL_SUBJECTS;
  const MissingDocuments = REQUIRED_DOCUMENT_KINDS.filter((kind) => !f.documentKinds.includes(kind));
  const IsUploadDocument = MissingDocuments.length === 0;
  const RegComplete = f.registeredAt !== null;
  const state = (ADMISSION_STATES as readonly string[]).includes(f.admissionStatus)
    ? (f.admissionStatus as AdmissionState)
    : 'none';
  const admitted = state === 'admitted';

  let AdmissionLevel: number = ADMISSION_LEVELS.notSubmitted;
  if (f.acceptancePaidAt) AdmissionLevel = ADMISSION_LEVELS.accepted;
  else if (admitted) AdmissionLevel = ADMISSION_LEVELS.admitted;
  else if (RegComplete && (state === 'screened' || state === 'verified'))
    AdmissionLevel = ADMISSION_LEVELS.underReview;
  else if (RegComplete) AdmissionLevel = ADMISSION_LEVELS.submitted;

  const RegistrationMissing: string[] = [];
  if (!RegComplete) {
    if (!IsBiodataSaved) RegistrationMissing.push('biodata');
    if (!IsOlevelSaved) {
      RegistrationMissing.push(
        `O'level results (at least ${MIN_OLEVEL_SUBJECTS} subjects; ${f.olevelCount} saved)`,
      );
    }
    if (!IsUploadDocument) {
      const labels = MissingDocuments.map((kind) => DOCUMENT_KINDS.find((d) => d.kind === kind)!.label);
      RegistrationMissing.push(`documents: ${labels.join(', ')}`);
    }
  }

  return {
    IsBiodataSaved,
    IsOlevelSaved,
    IsUploadDocument,
    MissingDocuments,
    RegComplete,
    IsPasswdChgd: f.passwordChangedAt ? true : null,
    AdmissionStatus: admitted,
    AdmissionState: state,
    RejectionReason: state === 'rejected' ? f.rejectionReason : null,
    AdmissionLevel,
    RegistrationMissing,
  };
}

// ---------------------------------------------------------------------------------------------
// Ownership and the registration lock.

/**
 * The applicant id a call may touch: the caller's own. Another applicant's id answers 404,
 * exactly like an id that does not exist, so ids cannot be probed.
 */
export function assertOwnApplicant(auth: AuthContext | null, applicantId: number): number {
  if (!auth || auth.kind !== 'Applicant' || auth.userId !== applicantId)
    throw notFound(APPLICANT_MESSAGES.notFound);
  return applicantId;
}

/** The signed-in applicant's id (routes that name no id act on the caller). */
export function callerApplicantId(auth: AuthContext | null): number {
  if (!auth || auth.kind !== 'Applicant') throw notFound(APPLICANT_MESSAGES.notFound);
  return auth.userId;
}

/** Refuses before any work when registration is already complete (the transaction checks again). */
export async function assertNotRegistered(db: Db | Tx, applicantId: number): Promise<void> {
  const row = await repo.findRegistration(db, applicantId);
  if (!row) throw notFound(APPLICANT_MESSAGES.notFound);
  if (row.registeredAt) throw conflict(APPLICANT_MESSAGES.locked);
}

/**
 * Inside a transaction: locks the applicant's row and refuses when registration is complete.
 * Every change to biodata, guardian, O'level or documents goes through this, so a change can
 * never slip in beside a registration being submitted.
 */
export async function assertEditable(tx: Tx, applicantId: number): Promise<void> {
  const row = await repo.lockApplicant(tx, applicantId);
  if (!row) throw notFound(APPLICANT_MESSAGES.notFound);
  if (row.registeredAt) throw conflict(APPLICANT_MESSAGES.locked);
}

// ---------------------------------------------------------------------------------------------
// Passport links.

/** The signed path of an applicant's passport photograph, or null when there is none. */
export function passportLink(
  config: LinkConfig,
  publicId: string,
  passportKey: string | null,
  now = Date.now(),
): string | null {
  if (!passportKey) return null;
  const { exp, sig } = signLink(config.JWT_SECRET, 'passport', publicId, config.SESSION_TTL, now);
  // v changes when the photograph is replaced, so a browser never shows a cached old one.
  const v = createHash('sha256').update(passportKey).digest('hex').slice(0, 10);
  return `/api/applicant/passport?a=${publicId}&v=${v}&exp=${exp}&sig=${sig}`;
}

/** The passport link of an applicant by id (the sign-in response uses it). */
export async function applicantPassportUrl(
  db: Db,
  config: LinkConfig,
  applicantId: number,
): Promise<string | null> {
  const row = await repo.findPassportRef(db, applicantId);
  return row ? passportLink(config, row.publicId, row.passportKey) : null;
}

// ---------------------------------------------------------------------------------------------
// The applicant record.

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** The applicant's own particulars, named alike in the record and in the biodata answer. */
function personFields(
  row: Pick<
    repo.ApplicantFactsRow,
    | 'jambRegNo'
    | 'firstName'
    | 'otherName'
    | 'lastName'
    | 'email'
    | 'dateOfBirth'
    | 'gender'
    | 'phone'
    | 'address'
  >,
) {
  return {
    JambRegNo: row.jambRegNo,
    FirstName: row.firstName,
    OtherName: row.otherName,
    LastName: row.lastName,
    Email: row.email,
    DateOfBirth: row.dateOfBirth,
    Gender: row.gender,
    PhoneNumber: row.phone,
    Address: row.address,
  };
}

function toRecord(row: repo.ApplicantFactsRow, config: LinkConfig): ApplicantRecord {
  const progress = deriveProgress({
    biodataSavedAt: row.biodataSavedAt,
    olevelCount: row.olevelCount,
    documentKinds: row.documentKinds,
    registeredAt: row.registeredAt,
    admissionStatus: row.admissionStatus,
    rejectionReason: row.rejectionReason,
    admittedAt: row.admittedAt,
    acceptancePaidAt: row.acceptancePaidAt,
    passwordChangedAt: row.passwordChangedAt,
  });
  return {
    ApplicantID: row.id,
    ...progress,
    CourseofStudy: row.courseOfStudyName,
    EntryModeId: row.entryModeId,
    EntryModeName: row.entryModeName,
    DeptID: row.departmentId,
    LevelID: row.levelId,
    LevelName: row.levelName,
    StateID: row.stateId,
    SessionName: row.admissionSessionName,
    IsListed: row.isListed,
    OlevelCount: row.olevelCount,
    DateRegistered: iso(row.registeredAt),
    ...personFields(row),
    Passport: passportLink(config, row.publicId, row.passportKey),
    Applicant: {
      CategoryName: row.categoryName,
      DepartmentName: row.departmentName,
      MaritalStatusName: row.maritalStatus,
      CountryName: row.countryName,
      StateName: row.stateName,
      LGAName: row.lgaName,
    },
    AdmittedAt: iso(row.admittedAt),
    AcceptancePaidAt: iso(row.acceptancePaidAt),
  };
}

/**
 * An applicant's full record — progress flags, slip fields, names — or null when there is no
 * such applicant. No ownership check: for modules that have already authorised the caller
 * (the admin API behind its page permission, payments for the payer).
 */
export async function getApplicantRecord(
  db: Db | Tx,
  config: LinkConfig,
  applicantId: number,
): Promise<ApplicantRecord | null> {
  const row = await repo.findApplicantFacts(db, applicantId);
  return row ? toRecord(row, config) : null;
}

/** The facts row behind the record, for modules that need ids as well as names. */
export async function getApplicantFacts(db: Db | Tx, applicantId: number) {
  return (await repo.findApplicantFacts(db, applicantId)) ?? null;
}

/** GET api/Applicants/GetApplicantRecordById: the caller's own record only. */
export async function getOwnRecord(
  db: Db,
  config: LinkConfig,
  auth: AuthContext | null,
  applicantId: number,
) {
  assertOwnApplicant(auth, applicantId);
  const record = await getApplicantRecord(db, config, applicantId);
  if (!record) throw notFound(APPLICANT_MESSAGES.notFound);
  return { Status: STATUS.ok, Data: record };
}

/**
 * Records that the acceptance fee is paid: called by the payments module inside the
 * transaction that marks the payment paid. Idempotent: the first time is kept. Returns true
 * when this call recorded it, false when it was already recorded. AdmissionLevel becomes 4.
 */
export async function markAcceptancePaid(tx: Db | Tx, applicantId: number, paidAt: Date): Promise<boolean> {
  const changed = await repo.setAcceptancePaid(tx, applicantId, paidAt);
  if (changed === null) throw notFound(APPLICANT_MESSAGES.notFound);
  return changed;
}

/**
 * GET /api/Applicants/SubmitReg: completes registration once biodata, O'level (at least 8
 * subjects) and every required document are in place. After this the applicant's details
 * are read-only. Submitting again answers OK and changes nothing.
 */
export async function submitRegistration(
  db: Db,
  config: LinkConfig,
  auth: AuthContext | null,
  applicantId: number,
) {
  assertOwnApplicant(auth, applicantId);
  const outcome = await db.transaction(async (tx) => {
    const locked = await repo.lockApplicant(tx, applicantId);
    if (!locked) throw notFound(APPLICANT_MESSAGES.notFound);
    if (locked.registeredAt) return 'already' as const;
    const facts = await repo.findApplicantFacts(tx, applicantId);
    const progress = deriveProgress(facts!);
    if (progress.RegistrationMissing.length > 0) {
      throw badRequest(
        `${APPLICANT_MESSAGES.registrationIncomplete} ${progress.RegistrationMissing.join('; ')}.`,
      );
    }
    const batch =
      locked.admissionBatchId ??
      (locked.admissionSessionId ? await repo.openBatchOf(tx, locked.admissionSessionId) : null);
    await repo.markRegistered(tx, applicantId, new Date(), batch);
    return 'done' as const;
  });
  const record = await getApplicantRecord(db, config, applicantId);
  return {
    Status: STATUS.OK,
    Message:
      outcome === 'done' ? APPLICANT_MESSAGES.registrationDone : APPLICANT_MESSAGES.registrationAlreadyDone,
    Data: record!,
  };
}

// ---------------------------------------------------------------------------------------------
// Biodata.

function toBiodata(row: NonNullable<Awaited<ReturnType<typeof repo.findBiodata>>>): Biodata {
  return {
    ApplicantID: row.id,
    ...personFields(row),
    MaritalStatus: row.maritalStatus,
    CountryId: row.countryId,
    StateId: row.stateId,
    LgaId: row.lgaId,
    DepartmentId: row.departmentId,
    CourseOfStudyId: row.courseOfStudyId,
    EntryModeId: row.entryModeId,
    LevelId: row.levelId,
    SavedAt: iso(row.biodataSavedAt),
    Locked: row.registeredAt !== null,
  };
}

export async function getBiodata(db: Db, auth: AuthContext | null) {
  const id = callerApplicantId(auth);
  const row = await repo.findBiodata(db, id);
  if (!row) throw notFound(APPLICANT_MESSAGES.notFound);
  return { Status: STATUS.ok, Data: toBiodata(row) };
}

/** 08031234567 for +2348031234567, 2348031234567 or 0803 123 4567. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '');
  return digits.replace(/^\+?234/, '0');
}

const squash = (value: string) => value.trim().replace(/\s+/g, ' ');

/** PUT /api/applicant/biodata: checks every reference, then saves in one transaction. */
export async function saveBiodata(db: Db, auth: AuthContext | null, input: BiodataInput) {
  const id = callerApplicantId(auth);
  await assertNotRegistered(db, id);

  const country = await repo.findCountry(db, input.CountryId);
  if (!country) throw badRequest(APPLICANT_MESSAGES.unknownCountry);
  let stateId: number | null = null;
  let lgaId: number | null = null;
  if (country.code === 'NG') {
    if (!input.StateId) throw badRequest(APPLICANT_MESSAGES.stateRequired);
    const state = await repo.findState(db, input.StateId);
    if (!state || state.countryId !== country.id) throw badRequest(APPLICANT_MESSAGES.stateNotInCountry);
    if (!input.LgaId) throw badRequest(APPLICANT_MESSAGES.lgaRequired);
    const lga = await repo.findLga(db, input.LgaId);
    if (!lga || lga.stateId !== state.id) throw badRequest(APPLICANT_MESSAGES.lgaNotInState);
    stateId = state.id;
    lgaId = lga.id;
  } else if (input.StateId || input.LgaId) {
    throw badRequest(APPLICANT_MESSAGES.stateNotInCountry);
  }
  const department = await repo.findDepartment(db, input.DepartmentId);
  if (!department) throw badRequest(APPLICANT_MESSAGES.unknownDepartment);
  const course = await repo.findCourseOfStudy(db, input.CourseOfStudyId);
  if (!course || course.departmentId !== department.id)
    throw badRequest(APPLICANT_MESSAGES.courseNotInDepartment);
  if (await repo.emailUsedByOther(db, input.Email, id)) throw conflict(APPLICANT_MESSAGES.emailTaken);

  try {
    await db.transaction(async (tx) => {
      await assertEditable(tx, id);
      await repo.updateBiodata(tx, id, {
        firstName: squash(input.FirstName),
        otherName: input.OtherName ? squash(input.OtherName) : null,
        lastName: squash(input.LastName),
        email: input.Email,
        dateOfBirth: input.DateOfBirth,
        gender: input.Gender,
        phone: normalisePhone(input.PhoneNumber),
        address: squash(input.Address),
        maritalStatus: input.MaritalStatus,
        countryId: country.id,
        stateId,
        lgaId,
        departmentId: department.id,
        courseOfStudyId: course.id,
        biodataSavedAt: new Date(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(APPLICANT_MESSAGES.emailTaken);
    throw error;
  }
  const row = await repo.findBiodata(db, id);
  return { Status: STATUS.ok, Message: APPLICANT_MESSAGES.biodataSaved, Data: toBiodata(row!) };
}

/** Whether a failed query broke a unique constraint (whether or not Drizzle wrapped the error). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Guardian.

/** An applicant's guardian row (or undefined), for documents and the admin API. */
export async function getGuardianOf(db: Db | Tx, applicantId: number) {
  return repo.findGuardian(db, applicantId);
}

export async function getGuardian(db: Db, auth: AuthContext | null) {
  const id = callerApplicantId(auth);
  const registration = await repo.findRegistration(db, id);
  if (!registration) throw notFound(APPLICANT_MESSAGES.notFound);
  const row = await repo.findGuardian(db, id);
  return {
    Status: STATUS.ok,
    Data: row
      ? {
          Name: row.name,
          Relationship: row.relationship,
          PhoneNumber: row.phone,
          Email: row.email,
          Address: row.address,
        }
      : null,
    Locked: registration.registeredAt !== null,
  };
}

export async function saveGuardian(db: Db, auth: AuthContext | null, input: GuardianInput) {
  const id = callerApplicantId(auth);
  await db.transaction(async (tx) => {
    await assertEditable(tx, id);
    await repo.upsertGuardian(tx, {
      applicantId: id,
      name: squash(input.Name),
      relationship: input.Relationship,
      phone: normalisePhone(input.PhoneNumber),
      email: input.Email ?? null,
      address: squash(input.Address),
    });
  });
  const result = await getGuardian(db, auth);
  return { ...result, Message: APPLICANT_MESSAGES.guardianSaved };
}

// ---------------------------------------------------------------------------------------------
// Payment history and the fee schedule.

/** GET api/ApplicantAcceptancePaymentHistory: every payment attempt of the caller, newest first. */
export async function paymentHistory(
  db: Db,
  auth: AuthContext | null,
  payeeId: number,
  page: number,
  pageSize: number,
) {
  assertOwnApplicant(auth, payeeId);
  const { total, rows, items } = await repo.paymentsOfApplicant(db, payeeId, page, pageSize);
  const data: ApplicantPaymentRow[] = rows.map((p) => ({
    PaymentId: p.publicId,
    Provider: p.provider,
    Reference: p.reference,
    ProviderReference: p.providerReference,
    PaymentCategoryId: p.categoryId,
    PaymentName:
      p.itemIds
        .map((itemId) => items.find((i) => i.id === itemId)?.name)
        .filter(Boolean)
        .join(', ') || 'Payment',
    Amount: koboToNaira(p.amountKobo),
    Charges: koboToNaira(p.chargesKobo),
    AmountPaid: p.amountPaidKobo === null ? null : koboToNaira(p.amountPaidKobo),
    Currency: p.currency,
    State: p.state,
    Date: new Date(p.createdAt).toISOString(),
    PaidAt: iso(p.paidAt),
  }));
  return {
    Status: STATUS.ok,
    ...(total === 0 ? { Message: 'No payment has been made yet.' } : {}),
    Data: data,
    Page: page,
    PageSize: pageSize,
    Total: total,
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const nairaText = (naira: number) =>
  naira.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The fee lines that apply to an applicant in the current session, one per item (the most
 * specific line wins), each priced by the indigene rule: the school's indigene state pays indigene amounts.
 */
export async function feeScheduleFor(db: Db | Tx, applicantId: number) {
  const facts = await repo.findApplicantFacts(db, applicantId);
  if (!facts) throw notFound(APPLICANT_MESSAGES.notFound);
  const session = await repo.currentAcademicSession(db);
  const indigene = await isIndigene(db, facts.stateId);
  if (!session)
    return { isIndigene: indigene, sessionName: null, rows: [] as FeeScheduleRow[], totalKobo: 0 };
  const lines = await repo.feeLines(db, session.id, {
    levelId: facts.levelId,
    departmentId: facts.departmentId,
    programmeId: facts.programmeId,
    entryModeId: facts.entryModeId,
  });
  const chosen = chooseFeeLines(lines, {
    levelId: facts.levelId,
    departmentId: facts.departmentId,
    programmeId: facts.programmeId,
    entryModeId: facts.entryModeId,
  });
  let totalKobo = 0;
  const rows: FeeScheduleRow[] = [...chosen.values()].map((line) => {
    const amountKobo = indigene ? line.indigeneKobo : line.nonIndigeneKobo;
    totalKobo += amountKobo;
    return {
      PaymentItemId: line.itemId,
      PaymentName: line.name,
      Amount: koboToNaira(amountKobo),
      IndigeneAmount: koboToNaira(line.indigeneKobo),
      NonIndigeneAmount: koboToNaira(line.nonIndigeneKobo),
    };
  });
  return { isIndigene: indigene, sessionName: session.name, rows, totalKobo };
}

/** The fee lines as the HTML table the fee-schedule page shows (all text escaped). */
export function feeRowsHtml(rows: readonly FeeScheduleRow[], totalNaira: number): string {
  const body = rows
    .map(
      (r, i) =>
        `<tr><td>${i + 1}</td><td>${escapeHtml(r.PaymentName)}</td><td style="text-align:right">${nairaText(r.Amount)}</td></tr>`,
    )
    .join('');
  return (
    '<table class="fee-schedule"><thead><tr><th>S/N</th><th>Payment Name</th><th>Amount (&#8358;)</th></tr></thead>' +
    `<tbody>${body}</tbody>` +
    `<tfoot><tr><th></th><th>Total</th><th style="text-align:right">${nairaText(totalNaira)}</th></tr></tfoot></table>`
  );
}

/** GET api/AdmissionFeeSchedule (the specification's api/{hash}): Data.feeRows and Data.response. */
export async function admissionFeeSchedule(db: Db, auth: AuthContext | null, applicantId: number) {
  assertOwnApplicant(auth, applicantId);
  const schedule = await feeScheduleFor(db, applicantId);
  const total = koboToNaira(schedule.totalKobo);
  return {
    Status: STATUS.ok,
    Data: {
      feeRows: feeRowsHtml(schedule.rows, total),
      response: schedule.rows,
      IsIndigene: schedule.isIndigene,
      Total: total,
      SessionName: schedule.sessionName,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reference lists.

export async function countriesList(db: Db, q: string | undefined, page: number, pageSize: number) {
  const { total, rows } = await repo.listCountries(db, q, page, pageSize);
  return {
    Status: STATUS.ok,
    Data: rows.map((c) => ({ CountryId: c.id, CountryName: c.name, Code: c.code })),
    Page: page,
    PageSize: pageSize,
    Total: total,
  };
}

export async function statesList(db: Db, countryId?: number) {
  const rows = await repo.listStates(db, countryId);
  return {
    Status: STATUS.ok,
    Data: rows.map((s) => ({ StateId: s.id, StateName: s.name, CountryId: s.countryId })),
  };
}

export async function lgasList(db: Db, stateId: number) {
  const state = await repo.findState(db, stateId);
  if (!state) throw notFound('State not found.');
  const rows = await repo.listLgas(db, stateId);
  return { Status: STATUS.ok, Data: rows.map((l) => ({ LgaId: l.id, LgaName: l.name, StateId: l.stateId })) };
}

export async function departmentsList(db: Db, page: number, pageSize: number) {
  const { total, rows, courses } = await repo.listDepartments(db, page, pageSize);
  return {
    Status: STATUS.ok,
    Data: rows.map((d) => ({
      DepartmentId: d.id,
      DepartmentName: d.name,
      CategoryName: d.categoryName,
      FacultyName: d.facultyName,
      CoursesOfStudy: courses
        .filter((c) => c.departmentId === d.id)
        .map((c) => ({ CourseOfStudyId: c.id, CourseOfStudyName: c.name })),
    })),
    Page: page,
    PageSize: pageSize,
    Total: total,
  };
}
