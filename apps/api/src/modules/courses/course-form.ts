import { COURSE_REGISTRATION_MESSAGES as M, STATUS, type CourseFormVerification } from '@portal/contracts';
import type { Exec } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { createPdf, formatLongDate, loadInstitution } from '../../platform/pdf.js';
import { iso } from '../../platform/time.js';
import { verifyUrls } from '../../platform/verification.js';
import { findStudentRecord, passportBytesOf, studentPassportUrl } from '../students/students.service.js';
import { detailOf } from './approval.service.js';
import type { RegistrationRow } from './courses.repository.js';
import * as repo from './courses.repository.js';
import { registrationByPublicId, type CoursesDeps } from './registration.service.js';

/**
 * The course form (A4): the student, the semester, each course, the total, the state and approval,
 * and a QR code to the public page that shows the registration as it is now — keyed by the
 * registration's 128-bit public id and the version printed, so a form overtaken by a later change
 * says so.
 */

const STATE_LABELS = {
  submitted: 'Submitted, awaiting approval',
  approved: 'Approved',
  returned: 'Returned',
};

export async function renderCourseForm(deps: CoursesDeps, registration: RegistrationRow): Promise<Buffer> {
  const detail = await detailOf(deps.db, registration);
  const reg = detail.Registration;
  const student = await findStudentRecord(deps.db, detail.Student.Id);
  if (!student) throw notFound(M.notFound);
  const institution = await loadInstitution(deps.db);
  const verifyUrl = verifyUrls.courseForm(deps.config.PUBLIC_URL, reg.PublicId, reg.Version);
  const b = createPdf({
    title: `Course form ${detail.Student.MatricNo} ${detail.Semester}`,
    author: institution.name,
    footer: `Verify: ${verifyUrl}`,
  });
  b.header(institution, 'COURSE REGISTRATION FORM', detail.Semester);
  const top = b.y;
  const photo = { x: b.right - 86, y: top, width: 86, height: 104 };
  b.photo(await passportBytesOf(deps, student), photo);
  const textWidth = b.width - 100;
  b.keyValues(
    [
      ['Name', detail.Student.Name],
      ['Matric No.', detail.Student.MatricNo],
      ['Programme', detail.Student.Programme],
      ['Department', detail.Student.Department],
      ['Level', detail.Student.Level],
      ['Session', detail.Session],
      ['Semester', detail.Semester],
    ],
    { columns: 1, width: textWidth, labelShare: 0.28 },
  );
  b.y = Math.max(b.y, photo.y + photo.height) + 10;
  const shown = reg.Courses.filter((c) => c.Requested);
  b.heading('Registered courses');
  b.table({
    columns: [
      { header: 'S/N', width: 0.6, align: 'right' },
      { header: 'Code', width: 1.3 },
      { header: 'Title', width: 5 },
      { header: 'Units', width: 0.9, align: 'right' },
      { header: 'Remark', width: 1.6 },
    ],
    rows: [
      ...shown.map((c, i) => [
        i + 1,
        c.Code,
        c.Title,
        c.Units,
        c.CarryOver ? 'Carry-over' : c.Approved ? '' : reg.ApprovedAt ? 'Added' : '',
      ]),
      ['', '', 'Total units', reg.TotalUnits, ''],
    ],
    boldLastRow: true,
    emptyText: 'No courses.',
  });
  const dropped = reg.Courses.filter((c) => !c.Requested);
  if (dropped.length)
    b.paragraph(`Dropping (awaiting approval): ${dropped.map((c) => c.Code).join(', ')}`, {
      width: textWidth,
    });
  b.moveDown(6);
  b.keyValues(
    [
      ['Registration', STATE_LABELS[reg.State]],
      ['Submitted on', formatLongDate(reg.SubmittedAt)],
      [
        reg.State === 'returned' ? 'Returned by' : 'Approved by',
        reg.State === 'submitted' ? null : reg.DecidedBy,
      ],
      [
        reg.State === 'returned' ? 'Returned on' : 'Approved on',
        reg.State === 'submitted' ? null : formatLongDate(reg.DecidedAt),
      ],
      ['Adviser’s comment', reg.Comment],
      ['Form version', String(reg.Version)],
    ],
    { columns: 2 },
  );
  b.moveDown(10);
  b.signedWithQr(['Signature of the student', 'Level adviser'], verifyUrl, 'Scan to verify this form');
  return b.toBuffer();
}

export const courseFormFileName = (matricNo: string, semester: string) =>
  `CourseForm-${matricNo.replace(/[^0-9A-Za-z]/g, '')}-${semester.replace(/[^0-9A-Za-z]+/g, '')}.pdf`;

/** GET /api/course-forms/verify?id&v: the registration as it is now, and whether the scanned form is outdated. */
export async function verifyCourseForm(deps: CoursesDeps, publicId: string, version: number | undefined) {
  const registration = await registrationByPublicId(deps.db, publicId);
  const detail = await detailOf(deps.db, registration);
  const institution = await loadInstitution(deps.db);
  const outdated = version !== undefined && version < registration.version;
  // The first change after the version printed (the history is newest first).
  const change = outdated ? detail.History.filter((h) => h.Version === version + 1)[0] : undefined;
  const student = await findStudentRecord(deps.db, detail.Student.Id);
  const data: CourseFormVerification = {
    Institution: institution.name,
    Name: detail.Student.Name,
    MatricNo: detail.Student.MatricNo,
    Programme: detail.Student.Programme,
    Department: detail.Student.Department,
    Level: detail.Student.Level,
    Session: detail.Session,
    Semester: detail.Semester,
    PassportUrl: student ? await studentPassportUrl(deps, student) : null,
    Registration: detail.Registration,
    FormVersion: version ?? null,
    Outdated: outdated,
    ChangedAt: change ? iso(change.At) : null,
  };
  return { Status: STATUS.ok, Data: data };
}

export async function registrationContextName(db: Exec, registrationId: number) {
  return repo.registrationContext(db, registrationId);
}
