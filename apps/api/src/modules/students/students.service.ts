import { createHash } from 'node:crypto';
import {
  CLEARANCE_KINDS,
  STATUS,
  STUDENT_MENU,
  STUDENT_MESSAGES,
  STUDENT_PAGES,
  type ClearanceEntry,
  type ClearanceKind,
  type IssuedDocument,
  type PageEntry,
  type StudentContactInput,
  type StudentMatriculation,
  type StudentPage,
  type StudentProfile,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { newStorageKey, signLink, verifyLink, type FileStorage } from '../../platform/storage.js';
import { getApplicantFacts, deriveProgress, passportLink } from '../applicants/applicants.service.js';
import { readCheckedUpload, type IncomingFile } from '../documents/documents.service.js';
import { safeFileName, type OpenedFile } from '../../platform/downloads.js';
import { paidStudentPayments } from '../payments/payments.service.js';
import { fullName } from '../../platform/verification.js';
import * as repo from './students.repository.js';

/**
 * The signed-in student's own area: the pages they may open, their profile and contact details,
 * what the dashboard shows of them, the documents issued to them, clearance uploads and the matriculation
 * form. Every call is for the caller's own record: the id comes from the session, never the client.
 */

export interface StudentsDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'SESSION_TTL'>;
}

/** The student area's pages a student may open (RoleData of the sign-in answer). */
export function studentRoleData(student: { matriculated: boolean }): PageEntry[] {
  return STUDENT_PAGES.filter((p) => p.Page !== 'Matriculation' || student.matriculated).map((p) => ({
    ...STUDENT_MENU,
    Menu_Icon: p.Menu_Icon,
    Page: p.Page,
  }));
}

function callerStudentId(auth: AuthContext | null): number {
  if (!auth || auth.kind !== 'Student') throw forbidden();
  return auth.userId;
}

/**
 * The signed-in student's id, for a route that reads only the student's own rows: the session check
 * (platform/auth.ts) has already refused a student the registry disabled, so this needs no query.
 */
export function ownStudentId(auth: AuthContext | null): number {
  if (auth?.disabled) throw forbidden(STUDENT_MESSAGES.deactivated);
  return callerStudentId(auth);
}

/** The signed-in student's record; refused when the caller is not a student or has been disabled. */
export async function ownStudent(
  deps: Pick<StudentsDeps, 'db'>,
  auth: AuthContext | null,
): Promise<repo.StudentRow> {
  const student = await repo.findStudent(deps.db, { id: callerStudentId(auth) });
  if (!student) throw notFound(STUDENT_MESSAGES.notFound);
  // Disabled by the registry after signing in: refused on the next request, not at token expiry.
  if (!student.isActive) throw forbidden(STUDENT_MESSAGES.deactivated);
  return student;
}

/**
 * The signed-in student's record with the kinds of clearance document uploaded (one read, for the
 * dashboard); refused as `ownStudent` refuses.
 */
export async function ownStudentWithUploadKinds(
  deps: Pick<StudentsDeps, 'db'>,
  auth: AuthContext | null,
): Promise<{ student: repo.StudentRow; uploadKinds: readonly string[] }> {
  const row = await repo.findStudentWithUploadKinds(deps.db, callerStudentId(auth));
  if (!row) throw notFound(STUDENT_MESSAGES.notFound);
  if (!row.isActive) throw forbidden(STUDENT_MESSAGES.deactivated);
  const { uploadKinds, ...student } = row;
  return { student, uploadKinds };
}

/** Refuses a page outside the student's RoleData (the web shows 'unauthorized' for it). */
function assertPage(student: repo.StudentRow, page: StudentPage): void {
  const pages = studentRoleData({ matriculated: student.matriculatedAt !== null });
  if (!pages.some((p) => p.Page === page)) throw forbidden(STUDENT_MESSAGES.pageNotAllowed);
}

/** GET /api/student/pages: RoleData as it stands now (a student matriculated since signing in gains the page). */
export async function getPages(deps: StudentsDeps, auth: AuthContext | null) {
  const student = await ownStudent(deps, auth);
  return { Status: STATUS.ok, Data: studentRoleData({ matriculated: student.matriculatedAt !== null }) };
}

// ───────────────────────────── the passport ─────────────────────────────

const PASSPORT_PURPOSE = 'student-passport';

/**
 * A signed, expiring link to the student's passport photograph: their own when the registry has
 * stored one, else the one on the applicant record they came from, else null.
 */
export async function studentPassportUrl(
  deps: Pick<StudentsDeps, 'db' | 'config'>,
  student: Pick<repo.StudentRow, 'publicId' | 'passportKey' | 'applicantId'>,
): Promise<string | null> {
  if (student.passportKey) {
    const { exp, sig } = signLink(
      deps.config.JWT_SECRET,
      PASSPORT_PURPOSE,
      student.publicId,
      deps.config.SESSION_TTL,
    );
    const v = createHash('sha256').update(student.passportKey).digest('hex').slice(0, 10);
    return `/api/student/passport?s=${student.publicId}&v=${v}&exp=${exp}&sig=${sig}`;
  }
  if (student.applicantId === null) return null;
  const facts = await getApplicantFacts(deps.db, student.applicantId);
  return facts ? passportLink(deps.config, facts.publicId, facts.passportKey) : null;
}

/** The passport behind a signed link (no bearer header: an <img> loads it). */
export async function openSignedPassport(
  deps: StudentsDeps,
  query: { s: string; exp: number; sig: string },
): Promise<OpenedFile> {
  const check = verifyLink(deps.config.JWT_SECRET, PASSPORT_PURPOSE, query.s, query.exp, query.sig);
  if (check === 'expired') throw new AppError(403, 'This link has expired.', 'Forbidden');
  if (check !== 'ok') throw notFound(STUDENT_MESSAGES.notFound);
  const student = await repo.findStudent(deps.db, { publicId: query.s });
  if (!student?.passportKey) throw notFound(STUDENT_MESSAGES.notFound);
  const opened = await deps.storage.open(student.passportKey);
  if (!opened) throw notFound('The file is missing from storage.');
  const ext = student.passportKey.split('.').pop() ?? 'jpg';
  return { ...opened, contentType: ext === 'png' ? 'image/png' : 'image/jpeg', fileName: `passport.${ext}` };
}

/** The photograph's bytes for a PDF, or null. */
async function passportBytesOf(
  deps: Pick<StudentsDeps, 'db' | 'storage'>,
  student: repo.StudentRow,
): Promise<Buffer | null> {
  if (student.passportKey) return deps.storage.read(student.passportKey);
  if (student.applicantId === null) return null;
  const facts = await getApplicantFacts(deps.db, student.applicantId);
  return facts?.passportKey ? deps.storage.read(facts.passportKey) : null;
}
export { passportBytesOf };

/** A student's record by id (for other modules' documents), or null. */
export const findStudentRecord = (db: Db, id: number) => repo.findStudent(db, { id });

// ───────────────────────────── the profile ─────────────────────────────

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

async function profileOf(deps: StudentsDeps, s: repo.StudentRow): Promise<StudentProfile> {
  return {
    StudId: s.id,
    MatricNo: s.matricNo,
    FirstName: s.firstName,
    LastName: s.lastName,
    OtherName: s.otherName,
    Email: s.email,
    Gender: s.gender,
    DateOfBirth: s.dateOfBirth,
    StateName: s.stateName,
    LgaName: s.lgaName,
    PhoneNumber: s.phone,
    Address: s.address,
    Programme: s.programmeName,
    CourseOfStudy: s.courseOfStudyName,
    DepartmentName: s.departmentName,
    FacultyName: s.facultyName,
    LevelName: s.levelName,
    EntryMode: s.entryModeName,
    AdmittedSession: s.admittedSessionName,
    MatriculatedAt: isoOrNull(s.matriculatedAt),
    Passport: await studentPassportUrl(deps, s),
  };
}

/** GET /api/student/profile */
export async function getProfile(deps: StudentsDeps, auth: AuthContext | null) {
  const student = await ownStudent(deps, auth);
  return { Status: STATUS.ok, Data: await profileOf(deps, student) };
}

/** PUT /api/student/profile: the contact details a student may change (phone, address). */
export async function updateProfile(
  deps: StudentsDeps,
  auth: AuthContext | null,
  input: StudentContactInput,
) {
  const { id } = await ownStudent(deps, auth);
  const updated = await repo.updateContact(deps.db, id, { phone: input.PhoneNumber, address: input.Address });
  if (!updated) throw notFound(STUDENT_MESSAGES.notFound);
  const student = (await repo.findStudent(deps.db, { id }))!;
  return { Status: STATUS.ok, Message: STUDENT_MESSAGES.profileSaved, Data: await profileOf(deps, student) };
}

// ───────────────────────────── documents issued ─────────────────────────────

const matriculationPdfPath = (publicId: string) => `/api/student/matriculation-form/${publicId}.pdf`;

/** The student's receipts as the payments module answers them (`paidStudentPayments`). */
type Receipts = Awaited<ReturnType<typeof paidStudentPayments>>;

/**
 * Letters, receipts and the matriculation form issued to the student, newest first. `receipts`: the
 * student's receipts when the caller reads them (the dashboard, with the fee standing).
 */
async function issuedDocuments(
  deps: StudentsDeps,
  s: repo.StudentRow,
  receipts?: Promise<Receipts>,
): Promise<IssuedDocument[]> {
  const docs: IssuedDocument[] = [];
  const fileStem = s.matricNo.replace(/[^0-9A-Za-z]/g, '');
  // The applicant record and the receipts are read together.
  const [facts, paid] = await Promise.all([
    s.applicantId === null ? null : getApplicantFacts(deps.db, s.applicantId),
    receipts ?? paidStudentPayments(deps.db, s.id),
  ]);
  if (facts?.admittedAt && deriveProgress(facts).AdmissionLevel >= 3) {
    docs.push({
      Key: `admission-letter-${facts.publicId}`,
      Kind: 'admissionLetter',
      Name: 'Provisional Admission Letter',
      Description: `Admission into ${facts.courseOfStudyName ?? 'your course of study'}`,
      IssuedAt: facts.admittedAt.toISOString(),
      DownloadUrl: `/api/letters/admission/${facts.publicId}.pdf`,
      FileName: `ProvisionalAdmissionLetter-${facts.jambRegNo}.pdf`,
      ViewUrl: `/AdmissionLetter?applicantId=${facts.publicId}`,
    });
  }
  if (s.matriculatedAt) {
    docs.push({
      Key: 'matriculation-form',
      Kind: 'matriculationForm',
      Name: 'Matriculation Form',
      Description: `Matric number ${s.matricNo}`,
      IssuedAt: s.matriculatedAt.toISOString(),
      DownloadUrl: '/api/student/matriculation.pdf',
      FileName: `MatriculationForm-${fileStem}.pdf`,
      ViewUrl: null,
    });
  }
  // The SIWES letter, as /api/student/document-links serves it (the siwes page records issuance).
  docs.push({
    Key: 'siwes-letter',
    Kind: 'siwesLetter',
    Name: 'SIWES Placement Letter',
    Description: 'Industrial training placement application letter',
    IssuedAt: null,
    DownloadUrl: `/api/letters/siwes/${s.publicId}.pdf`,
    FileName: `SIWESLetter-${fileStem}.pdf`,
    ViewUrl: `/SiwesLetter?StudId=${s.publicId}`,
  });
  for (const p of paid) {
    docs.push({
      Key: `receipt-${p.publicId}`,
      Kind: 'receipt',
      Name: `${p.categoryName} Receipt`,
      Description: p.sessionName ? `${p.sessionName} session` : p.categoryName,
      IssuedAt: isoOrNull(p.paidAt),
      DownloadUrl: `/api/receipts/${p.publicId}.pdf`,
      FileName: `Receipt-${p.publicId.slice(0, 8)}.pdf`,
      ViewUrl: `/paymentreceipt?transactionId=${p.publicId}`,
    });
  }
  return docs.sort((a, b) => (b.IssuedAt ?? '').localeCompare(a.IssuedAt ?? ''));
}

async function formsOf(deps: StudentsDeps, s: repo.StudentRow): Promise<IssuedDocument[]> {
  const rows = await repo.formsFor(deps.db, s.levelId, s.departmentId);
  return rows.map((f) => ({
    Key: `form-${f.id}`,
    Kind: 'form' as const,
    Name: f.name,
    Description: f.description,
    IssuedAt: f.createdAt.toISOString(),
    DownloadUrl: `/api/student/forms/${f.id}/download`,
    FileName: `${f.name}.${f.fileExt}`,
    ViewUrl: null,
    MustSubmit: f.mustSubmit,
  }));
}

/** GET /api/student/documents */
export async function listIssued(deps: StudentsDeps, auth: AuthContext | null) {
  const student = await ownStudent(deps, auth);
  return {
    Status: STATUS.ok,
    Data: { Issued: await issuedDocuments(deps, student), Forms: await formsOf(deps, student) },
  };
}

/** GET /api/student/forms/:id/download: a form aimed at the caller's level and department. */
export async function openForm(
  deps: StudentsDeps,
  auth: AuthContext | null,
  formId: number,
): Promise<OpenedFile> {
  const student = await ownStudent(deps, auth);
  const form = await repo.findFormFor(deps.db, formId, student.levelId, student.departmentId);
  if (!form) throw notFound(STUDENT_MESSAGES.formNotFound);
  const opened = await deps.storage.open(form.storageKey);
  if (!opened) throw notFound('The file is missing from storage.');
  return { ...opened, contentType: form.contentType, fileName: `${form.name}.${form.fileExt}` };
}

// ───────────────────────────── for the dashboard ─────────────────────────────

/**
 * What the dashboard (modules/student-dashboard) shows of the student's own area: the current
 * session, documents issued since `since`, and how many clearance uploads are still missing.
 */
export async function ownAreaSummary(
  deps: StudentsDeps,
  student: repo.StudentRow,
  since: string,
  /** The kinds of clearance document uploaded, read with the student's row (`ownStudentWithUploadKinds`). */
  uploadKinds: readonly string[],
  /** The student's receipts, read by the dashboard with the fee standing. */
  receipts: Promise<Receipts>,
) {
  const [session, issued] = await Promise.all([
    repo.currentSession(deps.db),
    issuedDocuments(deps, student, receipts),
  ]);
  return {
    currentSession: session?.name ?? null,
    newDocuments: issued.filter((d) => d.IssuedAt && d.IssuedAt >= since),
    uploadsMissing: CLEARANCE_KINDS.filter((k) => !uploadKinds.includes(k.kind)).length,
  };
}

// ───────────────────────────── clearance uploads ─────────────────────────────

function clearanceEntry(
  info: (typeof CLEARANCE_KINDS)[number],
  row: Awaited<ReturnType<typeof repo.findUpload>>,
): ClearanceEntry {
  return {
    Kind: info.kind,
    Label: info.label,
    Description: info.description,
    Accept: [...info.accept],
    MaxBytes: info.maxBytes,
    Uploaded: row
      ? {
          FileName: row.fileName,
          ContentType: row.contentType,
          Size: row.size,
          UploadedAt: row.uploadedAt.toISOString(),
          DownloadUrl: `/api/student/uploads/${info.kind}/file`,
        }
      : null,
  };
}

const clearanceInfo = (kind: ClearanceKind) => CLEARANCE_KINDS.find((k) => k.kind === kind)!;

/** GET /api/student/uploads */
export async function listUploads(deps: StudentsDeps, auth: AuthContext | null) {
  const { id } = await ownStudent(deps, auth);
  const rows = await repo.listUploads(deps.db, id);
  return {
    Status: STATUS.ok,
    Data: CLEARANCE_KINDS.map((info) => clearanceEntry(info, rows.find((r) => r.kind === info.kind) ?? null)),
  };
}

/**
 * POST /api/student/uploads/:kind — uploads or replaces one clearance document, its type decided
 * by its content (the documents module's check). The new file is stored before the row points at
 * it; the old file is removed once that has committed.
 */
export async function uploadClearance(
  deps: StudentsDeps,
  auth: AuthContext | null,
  kind: ClearanceKind,
  file: IncomingFile | undefined,
) {
  const student = await ownStudent(deps, auth);
  if (!file) throw new AppError(400, 'Choose a file to upload.', STATUS.invalid);
  const info = clearanceInfo(kind);
  const { bytes, mime, ext } = await readCheckedUpload(file, info);
  const storageKey = newStorageKey(`students/${student.publicId}`, kind.replace(/_/g, '-'), ext);
  await deps.storage.put(storageKey, bytes);
  let previous: string | null;
  try {
    previous = await deps.db.transaction((tx) =>
      repo.upsertUpload(tx, {
        studentId: student.id,
        kind,
        storageKey,
        fileName: safeFileName(file.fileName, kind.replace(/_/g, '-'), ext),
        contentType: mime,
        size: bytes.length,
      }),
    );
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  if (previous && previous !== storageKey) await deps.storage.delete(previous).catch(() => undefined);
  const row = await repo.findUpload(deps.db, student.id, kind);
  return { Status: STATUS.ok, Message: STUDENT_MESSAGES.documentUploaded, Data: clearanceEntry(info, row) };
}

/** GET /api/student/uploads/:kind/file — the caller's own upload. */
export async function openUpload(
  deps: StudentsDeps,
  auth: AuthContext | null,
  kind: ClearanceKind,
): Promise<OpenedFile> {
  const { id } = await ownStudent(deps, auth);
  const row = await repo.findUpload(deps.db, id, kind);
  if (!row) throw notFound('No document of this kind has been uploaded.');
  const opened = await deps.storage.open(row.storageKey);
  if (!opened) throw notFound('The file is missing from storage.');
  return { ...opened, contentType: row.contentType, fileName: row.fileName };
}

// ───────────────────────────── matriculation ─────────────────────────────

export function matriculationVerifyUrl(publicUrl: string, publicId: string): string {
  return `${publicUrl}${matriculationPdfPath(publicId)}`;
}

export function matriculationOf(deps: StudentsDeps, s: repo.StudentRow): StudentMatriculation {
  if (!s.matriculatedAt) throw notFound(STUDENT_MESSAGES.notMatriculated);
  return {
    MatricNo: s.matricNo,
    MatriculatedAt: s.matriculatedAt.toISOString(),
    FullName: fullName(s),
    CourseOfStudy: s.courseOfStudyName,
    DepartmentName: s.departmentName,
    LevelName: s.levelName,
    AdmittedSession: s.admittedSessionName,
    PdfUrl: '/api/student/matriculation.pdf',
    VerifyUrl: matriculationVerifyUrl(deps.config.PUBLIC_URL, s.publicId),
  };
}

/** GET /api/student/matriculation */
export async function getMatriculation(deps: StudentsDeps, auth: AuthContext | null) {
  const student = await ownStudent(deps, auth);
  assertPage(student, 'Matriculation');
  return { Status: STATUS.ok, Data: matriculationOf(deps, student) };
}

export async function ownMatriculated(deps: StudentsDeps, auth: AuthContext | null) {
  const student = await ownStudent(deps, auth);
  assertPage(student, 'Matriculation');
  return student;
}

/** A matriculated student by public id (the QR code's link); anyone else is not found. */
export async function matriculatedByPublicId(deps: StudentsDeps, publicId: string) {
  const student = /^[0-9a-f]{32}$/.test(publicId) ? await repo.findStudent(deps.db, { publicId }) : null;
  if (!student?.matriculatedAt) throw notFound(STUDENT_MESSAGES.matriculationNotFound);
  return student;
}
