import { RESULT_MESSAGES as M, type StudentResults } from '@portal/contracts';
import { badRequest, notFound } from '../../platform/errors.js';
import { createPdf, formatLongDate, loadInstitution, type PdfBuilder } from '../../platform/pdf.js';
import { verifyUrls } from '../../platform/verification.js';
import { findStudentRecord, passportBytesOf } from '../students/students.service.js';
import { degreeClassOf } from './arithmetic.js';
import * as repo from './results.repository.js';
import { issueDocument, resultsOf, type DocumentKind, type ResultsDeps } from './results.service.js';

/**
 * The report card (one semester) and the transcript (every semester) as A4 PDFs: the student, each
 * course with units, score, grade and grade point, GPA and CGPA, and a QR code to the public page of
 * the document (`/ResultVerify?id=`), which says whether it still matches the published results.
 */

const TITLES: Record<DocumentKind, string> = {
  report_card: 'STUDENT REPORT CARD',
  transcript: 'ACADEMIC TRANSCRIPT',
};

function semesterTable(b: PdfBuilder, semester: StudentResults['Semesters'][number]) {
  b.heading(`${semester.Semester}`, { keepWith: 60 });
  b.table({
    columns: [
      { header: 'Code', width: 1.2 },
      { header: 'Title', width: 4.6 },
      { header: 'Units', width: 0.8, align: 'right' },
      { header: 'Score', width: 0.9, align: 'right' },
      { header: 'Grade', width: 0.9, align: 'center' },
      { header: 'Point', width: 0.9, align: 'right' },
    ],
    rows: [
      ...semester.Courses.map((c) => [c.Code, c.Title, c.Units, c.Score, c.Grade, c.GradePoint.toFixed(2)]),
      ['', `GPA ${semester.Gpa.toFixed(2)} · CGPA ${semester.Cgpa.toFixed(2)}`, semester.Units, '', '', ''],
    ],
    boldLastRow: true,
    fontSize: 8.5,
  });
}

/** Renders a student's report card (semesterId) or transcript (null), issuing its verifiable id. */
export async function renderResultDocument(
  deps: ResultsDeps,
  studentId: number,
  kind: DocumentKind,
  semesterId: number | null,
): Promise<{ pdf: Buffer; fileName: string; publicId: string; documentId: number }> {
  const [student, record, results, institution, classes] = await Promise.all([
    repo.studentSummary(deps.db, { id: studentId }),
    findStudentRecord(deps.db, studentId),
    resultsOf(deps.db, studentId),
    loadInstitution(deps.db),
    repo.defaultDegreeClasses(deps.db),
  ]);
  if (!student || !record) throw notFound(M.studentNotFound);
  const semesters =
    semesterId === null ? results.Semesters : results.Semesters.filter((s) => s.SemesterId === semesterId);
  if (!semesters.length) throw badRequest(kind === 'transcript' ? M.transcriptNoResults : M.noResults);
  const last = semesters.at(-1)!;
  // A report card speaks of its semester: the level then, and the class of degree of the CGPA it
  // prints (up to that semester; for the latest, the class the Result page shows).
  const [document, level] = await Promise.all([
    issueDocument(deps.db, studentId, kind, semesterId, results),
    kind === 'report_card' ? repo.levelInSemester(deps.db, studentId, last.SemesterId) : student.level,
  ]);
  const cgpa = kind === 'transcript' ? results.Cgpa : last.Cgpa;
  const degreeClass =
    kind === 'transcript' ? results.DegreeClass : (degreeClassOf(cgpa, classes)?.name ?? null);
  const verifyUrl = verifyUrls.resultDocument(deps.config.PUBLIC_URL, document.publicId);
  const b = createPdf({
    title: `${kind === 'transcript' ? 'Transcript' : 'Report card'} ${student.matricNo}`,
    author: institution.name,
    footer: `Verify: ${verifyUrl}`,
  });
  b.header(institution, TITLES[kind], kind === 'report_card' ? semesters[0]!.Semester : undefined);
  const top = b.y;
  const photo = { x: b.right - 86, y: top, width: 86, height: 104 };
  b.photo(await passportBytesOf(deps, record), photo);
  b.keyValues(
    [
      ['Name', student.name],
      ['Matric No.', student.matricNo],
      ['Programme', student.programme],
      ['Department', student.department],
      ['Level', level],
      ['Issued on', formatLongDate(document.issuedAt)],
    ],
    { columns: 1, width: b.width - 100, labelShare: 0.28 },
  );
  b.y = Math.max(b.y, photo.y + photo.height) + 10;
  for (const semester of semesters) semesterTable(b, semester);
  b.moveDown(6);
  b.keyValues(
    [
      ['CGPA', cgpa.toFixed(2)],
      ['Class of degree', degreeClass],
      ['Carry-overs', results.CarryOvers.join(', ') || 'None'],
      ['Units', String(semesters.reduce((n, s) => n + s.Units, 0))],
    ],
    { columns: 2 },
  );
  b.moveDown(10);
  b.signedWithQr(['Registrar'], verifyUrl, 'Scan to verify this document');
  const matric = student.matricNo.replace(/[^0-9A-Za-z]/g, '');
  return {
    pdf: await b.toBuffer(),
    fileName:
      kind === 'transcript'
        ? `Transcript-${matric}.pdf`
        : `ReportCard-${matric}-${last.Semester.replace(/[^0-9A-Za-z]+/g, '')}.pdf`,
    publicId: document.publicId,
    documentId: document.id,
  };
}
