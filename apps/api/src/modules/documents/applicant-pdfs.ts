import {
  APPLICANT_MESSAGES,
  STATUS,
  type ApplicationSlip,
  type ApplicantRecord,
  type OlevelDisplayRow,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { conflict, notFound } from '../../platform/errors.js';
import {
  createPdf,
  formatLongDate,
  formatNaira,
  loadInstitution,
  type PdfBuilder,
  type TableOptions,
} from '../../platform/pdf.js';
import type { FileStorage } from '../../platform/storage.js';
import { documentEntries, passportBytes } from './documents.service.js';
import { olevelRows } from '../olevel/olevel.service.js';
import {
  admissionFeeSchedule,
  callerApplicantId,
  getApplicantRecord,
  getGuardianOf,
  type LinkConfig,
} from '../applicants/applicants.service.js';

/**
 * The application slip (A4 landscape, 'PROSPECTIVE STUDENT APPLICATION SLIP'), the Applicant
 * Details form (ApplicantFormPDF.pdf) and the fee schedule, as data and as PDFs with selectable text.
 */

export interface SlipDeps {
  db: Db;
  storage: FileStorage;
  config: LinkConfig;
}

async function slipOf(
  deps: SlipDeps,
  applicantId: number,
): Promise<{ record: ApplicantRecord; slip: ApplicationSlip }> {
  const record = await getApplicantRecord(deps.db, deps.config, applicantId);
  if (!record) throw notFound(APPLICANT_MESSAGES.notFound);
  const slip: ApplicationSlip = {
    ApplicantID: record.ApplicantID,
    DateRegistered: record.DateRegistered,
    JambRegNo: record.JambRegNo,
    FirstName: record.FirstName,
    OtherName: record.OtherName,
    LastName: record.LastName,
    Email: record.Email,
    DateOfBirth: record.DateOfBirth,
    Gender: record.Gender,
    PhoneNumber: record.PhoneNumber,
    Address: record.Address,
    Passport: record.Passport,
    Applicant: record.Applicant,
    CourseofStudy: record.CourseofStudy,
    EntryModeName: record.EntryModeName,
    SessionName: record.SessionName,
    OlevelResults: await olevelRows(deps.db, applicantId),
  };
  return { record, slip };
}

/** GET /api/applicant/slip — once registration is complete. */
export async function getOwnSlip(deps: SlipDeps, auth: AuthContext | null) {
  const id = callerApplicantId(auth);
  const { record, slip } = await slipOf(deps, id);
  if (!record.RegComplete) throw conflict(APPLICANT_MESSAGES.slipNotReady);
  return { Status: STATUS.ok, Data: slip };
}

/** GET /api/applicant/slip.pdf — once registration is complete. */
export async function ownSlipPdf(
  deps: SlipDeps,
  auth: AuthContext | null,
): Promise<{ pdf: Buffer; fileName: string }> {
  const id = callerApplicantId(auth);
  const { record } = await slipOf(deps, id);
  if (!record.RegComplete) throw conflict(APPLICANT_MESSAGES.slipNotReady);
  return { pdf: await renderSlipPdf(deps, id), fileName: `ApplicationSlip-${record.JambRegNo}.pdf` };
}

/** GET /api/applicant/form.pdf — the Applicant Details form, at any stage. */
export async function ownFormPdf(
  deps: SlipDeps,
  auth: AuthContext | null,
): Promise<{ pdf: Buffer; fileName: string }> {
  const id = callerApplicantId(auth);
  return { pdf: await renderApplicantFormPdf(deps, id), fileName: 'ApplicantFormPDF.pdf' };
}

const olevelColumns = [
  { header: 'Exam Number', width: 3 },
  { header: 'Year of Exam', width: 2, align: 'center' as const },
  { header: 'Type', width: 2 },
  { header: 'Subject', width: 5 },
  { header: 'Grade', width: 1.5, align: 'center' as const },
];
const olevelCells = (r: OlevelDisplayRow) => [
  r.ExamNumber,
  r.ExamYear,
  r.OLevelTypeName,
  r.OLevelSubjectName,
  r.GradeName,
];

/** The photograph on the left, the pairs beside it; the cursor ends below both. */
function detailsBesidePhoto(pdf: PdfBuilder, photo: Buffer | null, pairs: [string, unknown][]) {
  const top = pdf.y;
  const photoBox = { x: pdf.left, y: top, width: 105, height: 130 };
  pdf.photo(photo, photoBox);
  pdf.y = top;
  const end = pdf.keyValues(pairs, { x: pdf.left + 120, columns: 2, labelShare: 0.42 });
  pdf.y = Math.max(end, top + photoBox.height) + 10;
}

/** The application slip of any applicant (the caller has been authorised). A4 landscape. */
export async function renderSlipPdf(deps: SlipDeps, applicantId: number): Promise<Buffer> {
  const { slip } = await slipOf(deps, applicantId);
  const institution = await loadInstitution(deps.db);
  const photo = await passportBytes(deps, applicantId);
  const pdf = createPdf({
    title: `Application slip - ${slip.JambRegNo}`,
    subject: 'PROSPECTIVE STUDENT APPLICATION SLIP',
    author: institution.name,
    layout: 'landscape',
    footer: `${institution.name} - applicant portal`,
  });
  pdf.header(
    institution,
    'PROSPECTIVE STUDENT APPLICATION SLIP',
    slip.DateRegistered
      ? `Registration date: ${formatLongDate(slip.DateRegistered)}${slip.SessionName ? `   |   Session: ${slip.SessionName}` : ''}`
      : 'Registration not yet completed',
  );
  pdf.heading('BASIC DETAILS');
  detailsBesidePhoto(pdf, photo, [
    ['JAMB Reg. No', slip.JambRegNo],
    ['Department Category', slip.Applicant.CategoryName],
    ['Department', slip.Applicant.DepartmentName],
    ['Course of Study', slip.CourseofStudy],
    ['First Name', slip.FirstName],
    ['Other Name', slip.OtherName],
    ['Last Name', slip.LastName],
    ['Email', slip.Email],
    ['Date of Birth', slip.DateOfBirth],
    ['Gender', slip.Gender],
    ['Phone Number', slip.PhoneNumber],
    ['Marital Status', slip.Applicant.MaritalStatusName],
    ['Address', slip.Address],
    ['Country', slip.Applicant.CountryName],
    ['State', slip.Applicant.StateName],
    ['LGA', slip.Applicant.LGAName],
  ]);
  pdf.heading("O'LEVEL RESULT");
  pdf.table({
    columns: olevelColumns,
    rows: slip.OlevelResults.map(olevelCells),
    emptyText: "No O'level result saved",
  });
  return pdf.toBuffer();
}

/** The Applicant Details form (ApplicantFormPDF.pdf) of any applicant. A4 landscape. */
export async function renderApplicantFormPdf(deps: SlipDeps, applicantId: number): Promise<Buffer> {
  const { record, slip } = await slipOf(deps, applicantId);
  const institution = await loadInstitution(deps.db);
  const photo = await passportBytes(deps, applicantId);
  const guardian = await getGuardianOf(deps.db, applicantId);
  const documents = await documentEntries(deps.db, applicantId);
  const pdf = createPdf({
    title: `Applicant details - ${record.JambRegNo}`,
    subject: 'APPLICANT DETAILS',
    author: institution.name,
    layout: 'landscape',
    footer: `${institution.name} - applicant portal`,
  });
  pdf.header(
    institution,
    'APPLICANT DETAILS',
    `JAMB Reg. No: ${record.JambRegNo}${record.SessionName ? `   |   Admission session: ${record.SessionName}` : ''}`,
  );
  pdf.heading('PERSONAL DETAILS');
  detailsBesidePhoto(pdf, photo, [
    ['Last Name', record.LastName],
    ['First Name', record.FirstName],
    ['Other Name', record.OtherName],
    ['Gender', record.Gender],
    ['Date of Birth', record.DateOfBirth],
    ['Marital Status', record.Applicant.MaritalStatusName],
    ['Email', record.Email],
    ['Phone Number', record.PhoneNumber],
    ['Address', record.Address],
    ['Country', record.Applicant.CountryName],
    ['State of Origin', record.Applicant.StateName],
    ['LGA of Origin', record.Applicant.LGAName],
  ]);
  pdf.heading('PROGRAMME');
  pdf.keyValues(
    [
      ['Department Category', record.Applicant.CategoryName],
      ['Department', record.Applicant.DepartmentName],
      ['Course of Study', record.CourseofStudy],
      ['Entry Mode', record.EntryModeName],
      ['Level', record.LevelName],
      [
        'Registration',
        record.DateRegistered ? `Completed ${formatLongDate(record.DateRegistered)}` : 'Not yet completed',
      ],
    ],
    { columns: 3 },
  );
  pdf.moveDown(6);
  pdf.heading('PARENT / GUARDIAN');
  pdf.keyValues(
    guardian
      ? [
          ['Name', guardian.name],
          ['Relationship', guardian.relationship],
          ['Phone Number', guardian.phone],
          ['Email', guardian.email],
          ['Address', guardian.address],
        ]
      : [['Name', 'Not provided']],
    { columns: 3 },
  );
  pdf.moveDown(6);
  // A section (heading and table) moves to a new page whole, rather than split, when it fits on one.
  const olevel: TableOptions = {
    columns: [{ header: 'S/N', width: 0.8, align: 'center' }, ...olevelColumns],
    rows: slip.OlevelResults.map((r, i) => [i + 1, ...olevelCells(r)]),
    emptyText: '-',
  };
  pdf.heading("O'LEVEL RESULTS", { keepWith: pdf.tableHeight(olevel) });
  pdf.table(olevel);
  const uploads: TableOptions = {
    columns: [
      { header: 'Document', width: 4 },
      { header: 'File', width: 4 },
      { header: 'Uploaded', width: 2 },
    ],
    rows: documents.map((d) => [
      d.Label,
      d.Uploaded ? d.Uploaded.FileName : 'Not uploaded',
      d.Uploaded ? formatLongDate(d.Uploaded.UploadedAt) : '-',
    ]),
  };
  pdf.heading('DOCUMENTS UPLOADED', { keepWith: pdf.tableHeight(uploads) });
  pdf.table(uploads);
  pdf.paragraph(
    'I declare that the information given in this form is correct. I understand that any false information ' +
      'will lead to the withdrawal of my admission at any time.',
    { fontSize: 9 },
  );
  pdf.signatureLine("Applicant's signature and date", { width: 220 });
  return pdf.toBuffer();
}

/**
 * GET /api/AdmissionFeeSchedule.pdf?applicantId= — the fee schedule page as a PDF, for phones
 * (the page is for large screens only). Built from the page's own answer, so both show the same
 * rows and total, under the same rule: only the applicant themself.
 */
export async function feeSchedulePdf(
  deps: SlipDeps,
  auth: AuthContext | null,
  applicantId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { Data: schedule } = await admissionFeeSchedule(deps.db, auth, applicantId);
  const record = await getApplicantRecord(deps.db, deps.config, applicantId);
  if (!record) throw notFound(APPLICANT_MESSAGES.notFound);
  const institution = await loadInstitution(deps.db);
  const pdf = createPdf({
    title: `Fee Schedule - ${record.JambRegNo}`,
    subject: 'Fee Schedule',
    author: institution.name,
    footer: `${institution.name} - applicant portal`,
  });
  const name = [record.LastName, record.FirstName, record.OtherName].filter(Boolean).join(' ');
  pdf.header(
    institution,
    'Fee Schedule',
    [name, record.JambRegNo, schedule.SessionName && `Session: ${schedule.SessionName}`]
      .filter(Boolean)
      .join('   |   '),
  );
  pdf.heading('The details of all fees payable');
  const naira = (amount: number) => formatNaira(Math.round(amount * 100));
  pdf.table({
    columns: [
      { header: 'S/N', width: 0.8, align: 'center' },
      { header: 'Payment Name', width: 6 },
      { header: 'Amount (₦)', width: 2.5, align: 'right' },
    ],
    rows: [
      ...schedule.response.map((row, index) => [index + 1, row.PaymentName, naira(row.Amount)]),
      ['', 'Total', naira(schedule.Total)],
    ],
    boldLastRow: true,
  });
  pdf.paragraph('PLEASE NOTE: All fees should be duly paid online through COLLEGE PORTAL.', { fontSize: 10 });
  return { pdf: await pdf.toBuffer(), fileName: `FeeSchedule-${record.JambRegNo}.pdf` };
}
