import { createPdf, formatLongDate, loadInstitution } from '../../platform/pdf.js';
import { fullName } from '../../platform/verification.js';
import type { StudentRow } from './students.repository.js';
import { matriculationVerifyUrl, passportBytesOf, type StudentsDeps } from './students.service.js';

/**
 * The matriculation form: the student's particulars, matric number and date, with a QR code that
 * opens the same form from the portal (its public link, by the student's unguessable id).
 */
export async function renderMatriculationForm(deps: StudentsDeps, s: StudentRow): Promise<Buffer> {
  const institution = await loadInstitution(deps.db);
  const verifyUrl = matriculationVerifyUrl(deps.config.PUBLIC_URL, s.publicId);
  const b = createPdf({
    title: `Matriculation form ${s.matricNo}`,
    author: institution.name,
    footer: `Verify: ${verifyUrl}`,
  });
  b.header(institution, 'MATRICULATION FORM', 'Office of the Registrar, Student Records');
  const top = b.y;
  const photo = { x: b.right - 86, y: top, width: 86, height: 104 };
  b.photo(await passportBytesOf(deps, s), photo);
  const textWidth = b.width - 100;
  b.paragraph(`Matriculation Number: ${s.matricNo}`, { width: textWidth, bold: true });
  b.paragraph(`Date of Matriculation: ${formatLongDate(s.matriculatedAt)}`, { width: textWidth });
  b.moveDown(6);
  b.paragraph(fullName(s), { width: textWidth, bold: true });
  b.y = Math.max(b.y, photo.y + photo.height) + 10;
  b.heading('Particulars of the student');
  b.keyValues([['Name', fullName(s)]], { columns: 1, labelShare: 0.2 });
  b.keyValues(
    [
      ['Matric No.', s.matricNo],
      ['E-mail', s.email],
      ['Gender', s.gender],
      ['Date of Birth', s.dateOfBirth ? formatLongDate(s.dateOfBirth) : null],
      ['State of Origin', s.stateName],
      ['LGA', s.lgaName],
      ['Phone Number', s.phone],
      ['Address', s.address],
    ],
    { columns: 2 },
  );
  b.heading('Programme');
  b.keyValues(
    [
      ['Faculty', s.facultyName],
      ['Department', s.departmentName],
      ['Programme', s.programmeName],
      ['Course of Study', s.courseOfStudyName],
      ['Entry Mode', s.entryModeName],
      ['Session of Admission', s.admittedSessionName],
      ['Level', s.levelName],
    ],
    { columns: 2 },
  );
  b.moveDown(8);
  b.paragraph(
    'I solemnly declare that I will abide by the rules and regulations of the institution, and that the ' +
      'particulars above are correct. I understand that any false statement renders my matriculation void.',
  );
  b.moveDown(10);
  b.signedWithQr(['Signature of the student', 'Registrar'], verifyUrl, 'Scan to verify this form');
  return b.toBuffer();
}

export const matriculationFileName = (s: StudentRow) =>
  `MatriculationForm-${s.matricNo.replace(/[^0-9A-Za-z]/g, '')}.pdf`;
