import {
  ADMISSION_DOCUMENTS,
  ADMISSION_LEVELS,
  ENTRY_MODE_DIRECT_ENTRY,
  STATUS,
  koboToNaira,
  type AdmissionLetter,
  type DocumentLinks,
  type SiwesLetter,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import {
  createPdf,
  formatLongDate,
  formatNaira,
  loadInstitution,
  type Institution,
  type PdfBuilder,
} from '../../platform/pdf.js';
import type { FileStorage } from '../../platform/storage.js';
import {
  deriveProgress,
  feeScheduleFor,
  getApplicantFacts,
  getGuardianOf,
  passportLink,
} from '../applicants/applicants.service.js';
import { passportBytes } from '../documents/documents.service.js';
import { acceptanceFeeKobo, paidAcceptanceFee, PUBLIC_ID_PATTERN } from '../payments/payments.service.js';
import { receiptOf } from '../receipts/receipts.service.js';
import { fullName, qrDataUrl, verifyUrls } from '../../platform/verification.js';
import * as repo from './letters.repository.js';

export interface LettersDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'SESSION_TTL'>;
}

export const LETTER_MESSAGES = {
  letterNotFound: 'No admission letter was found for this id.',
  siwesNotFound: 'No SIWES letter was found for this id.',
  notAdmitted: 'Admission documents become available once you have been admitted.',
  acceptanceFirst: 'This document becomes available once your acceptance fee has been paid.',
} as const;

const WEEK_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six'];

/** Whole weeks from resumption to the registration deadline (spec: two), or null when not whole weeks. */
function registrationWeeks(resumption: string, closesOn: string): number | null {
  const days = (Date.parse(closesOn) - Date.parse(resumption)) / 86_400_000;
  return days > 0 && days % 7 === 0 ? days / 7 : null;
}
const LATE_REGISTRATION_ITEM = 'late registration';

type ApplicantFactsRow = NonNullable<Awaited<ReturnType<typeof getApplicantFacts>>>;

/** EntryModeId 2 (Direct Entry) gives one institute heading, any other entry mode another (spec §4). */
export function letterHeading(
  entryModeId: number | null,
  institution: Institution,
): { heading: string; subHeading: string } {
  if (entryModeId === ENTRY_MODE_DIRECT_ENTRY) {
    return {
      heading: `${institution.name.toUpperCase()} - INSTITUTE OF DIRECT ENTRY AND ADVANCED STUDIES`,
      subHeading: 'Office of the Director, Direct Entry Admissions',
    };
  }
  return { heading: institution.name.toUpperCase(), subHeading: 'Office of the Registrar, Admissions Unit' };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

// ---------------------------------------------------------------------------------------------
// The provisional admission letter

async function admittedFacts(db: Db, publicId: string): Promise<ApplicantFactsRow> {
  const id = PUBLIC_ID_PATTERN.test(publicId) ? await repo.applicantIdByPublicId(db, publicId) : null;
  const facts = id ? await getApplicantFacts(db, id) : null;
  // Not admitted looks exactly like not found: a letter exists only once admission is granted.
  if (!facts || deriveProgress(facts).AdmissionLevel < ADMISSION_LEVELS.admitted || !facts.admittedAt) {
    throw new AppError(404, LETTER_MESSAGES.letterNotFound, STATUS.notFound);
  }
  return facts;
}

/** The letter's data (section 3 'Provisional admission letter' plus letter 00's fields). */
export async function admissionLetterOf(
  deps: LettersDeps,
  facts: ApplicantFactsRow,
  options: { qr?: boolean } = {},
): Promise<AdmissionLetter> {
  const institution = await loadInstitution(deps.db);
  const { heading, subHeading } = letterHeading(facts.entryModeId, institution);
  const { yearsToGraduate, facultyName } = await repo.courseAndFaculty(
    deps.db,
    facts.courseOfStudyId,
    facts.departmentId,
  );
  const terms = await repo.admissionTerms(deps.db, facts.id);
  if (!terms) throw new AppError(404, LETTER_MESSAGES.letterNotFound, STATUS.notFound);
  const schedule = await feeScheduleFor(deps.db, facts.id);
  const session = terms.name;
  const acceptanceKobo = (await acceptanceFeeKobo(deps.db, facts)) ?? 0;
  const late = schedule.rows.find((r) => r.PaymentName.toLowerCase() === LATE_REGISTRATION_ITEM);
  const lateKobo = late ? Math.round(late.Amount * 100) : 0;
  const fees = schedule.rows
    .filter((r) => r !== late)
    .map((r) => ({ PaymentName: r.PaymentName, Amount: r.Amount }));
  const totalKobo = fees.reduce((sum, f) => sum + Math.round(f.Amount * 100), 0);
  // Direct Entry starts a level higher, so it is a year shorter.
  const years =
    yearsToGraduate === null
      ? null
      : facts.entryModeId === ENTRY_MODE_DIRECT_ENTRY
        ? Math.max(yearsToGraduate - 1, 1)
        : yearsToGraduate;
  const acceptanceDays = (await repo.acceptanceDays(deps.db)) ?? 5;
  const resumption = terms.resumptionDate;
  const weeks = registrationWeeks(resumption, terms.registrationClosesOn);
  const within = weeks
    ? `within ${WEEK_WORDS[weeks] ?? weeks} week${weeks === 1 ? '' : 's'} of resumption, by `
    : 'by ';
  const name = fullName(facts) || facts.jambRegNo;
  const verifyUrl = verifyUrls.admissionLetter(deps.config.PUBLIC_URL, facts.publicId);
  const modeType = facts.entryModeName;
  const programme = [years ? `${years}-year` : null, modeType ? `${modeType}` : null, 'programme']
    .filter(Boolean)
    .join(' ');

  const feeRows =
    fees
      .map(
        (f, i) =>
          `<tr><td>${i + 1}</td><td>${escapeHtml(f.PaymentName)}</td><td style="text-align:right">${escapeHtml(formatNaira(Math.round(f.Amount * 100)))}</td></tr>`,
      )
      .join('') +
    `<tr><td>${fees.length + 1}</td><td>Bank / Interswitch service charge</td><td style="text-align:right">As charged by the bank</td></tr>` +
    `<tr><th></th><th>Total (excluding charges)</th><th style="text-align:right">${escapeHtml(formatNaira(totalKobo))}</th></tr>`;

  return {
    admissionDate: facts.admittedAt!.toISOString(),
    lastName: facts.lastName,
    firstName: facts.firstName,
    otherName: facts.otherName,
    jambRegNo: facts.jambRegNo,
    EntryModeId: facts.entryModeId,
    session,
    courseOfStudy: facts.courseOfStudyName,
    faculty: facultyName,
    QRcode: options.qr === false ? '' : await qrDataUrl(verifyUrl),
    FileUrl: passportLink(deps.config, facts.publicId, facts.passportKey),
    FullName: name,
    YearsToGraduate: years,
    ModeType: modeType,
    DepartmentName: facts.departmentName,
    feeRows,
    fees,
    heading,
    subHeading,
    institutionName: institution.name,
    institutionAddress: institution.address,
    acceptanceFee: koboToNaira(acceptanceKobo),
    acceptanceDays,
    resumptionDate: resumption,
    registrationClosesOn: terms.registrationClosesOn,
    registrationWeeks: weeks,
    lateRegistrationFee: koboToNaira(lateKobo),
    paragraphs: [
      `Following your application for admission and the screening exercise for the ${session} academic session, ` +
        `I am pleased to inform you that you have been offered PROVISIONAL ADMISSION into the ${programme} in ` +
        `${facts.courseOfStudyName ?? 'your course of study'}, Department of ${facts.departmentName ?? '-'}` +
        `${facultyName ? `, ${facultyName}` : ''}.`,
      `You are required to accept this offer by paying a non-refundable acceptance fee of ${formatNaira(acceptanceKobo)} ` +
        `online through the college portal within ${acceptanceDays} days of the issuance of this letter; otherwise the offer lapses. ` +
        'Do not pay the acceptance fee before JAMB CAPS shows your admission as "Admitted".',
      `Resumption for the ${session} session is ${formatLongDate(resumption)}. Registration must be completed ` +
        `${within}${formatLongDate(terms.registrationClosesOn)}; late registration attracts a late registration fee` +
        `${lateKobo ? ` of ${formatNaira(lateKobo)}` : ''}.`,
      'The fees payable for the session are listed below. All fees should be duly paid online through the college portal.',
      "This admission is provisional and subject to the verification of your credentials (JAMB result, O'level results, " +
        'birth certificate and other documents) at registration. If at any time it is found that you do not possess the ' +
        'qualifications on which this offer is based, you will be required to withdraw.',
      'Please accept my congratulations.',
    ],
    verifyUrl,
    pdfUrl: `/api/letters/admission/${facts.publicId}.pdf`,
  };
}

/** GET api/ProvisionalAdmissionLetter?applicantId= (public, by the applicant's public id). */
export async function getAdmissionLetter(deps: LettersDeps, publicId: string) {
  const facts = await admittedFacts(deps.db, publicId.trim().toLowerCase());
  return { Status: STATUS.ok, Data: await admissionLetterOf(deps, facts) };
}

function applicantDetails(b: PdfBuilder, facts: ApplicantFactsRow, extra: [string, unknown][] = []): void {
  // The name on a row of its own (names run long); its label column lines up with the grid's.
  b.keyValues([['Name', fullName(facts)]], { columns: 1, labelShare: 0.2 });
  b.keyValues(
    [
      ['JAMB Reg. No.', facts.jambRegNo],
      ['Department', facts.departmentName],
      ['Course of Study', facts.courseOfStudyName],
      ['Entry Mode', facts.entryModeName],
      ['Session', facts.admissionSessionName],
      ...extra,
    ],
    { columns: 2 },
  );
}

export async function renderAdmissionLetterPdf(deps: LettersDeps, facts: ApplicantFactsRow): Promise<Buffer> {
  const letter = await admissionLetterOf(deps, facts, { qr: false });
  const institution = await loadInstitution(deps.db);
  const b = createPdf({
    title: `Provisional admission letter ${letter.jambRegNo}`,
    author: institution.name,
    footer: `Verify: ${letter.verifyUrl}`,
  });
  b.header({ ...institution, name: letter.heading }, 'PROVISIONAL ADMISSION LETTER', letter.subHeading);

  const top = b.y;
  const photo = { x: b.right - 86, y: top, width: 86, height: 104 };
  b.photo(await passportBytes(deps, facts.id), photo);
  const textWidth = b.width - 100;
  b.paragraph(`Ref: ${institution.shortName || 'ADM'}/ADM/${letter.session}/${letter.jambRegNo}`, {
    width: textWidth,
    fontSize: 9,
  });
  b.paragraph(`Date: ${formatLongDate(letter.admissionDate)}`, { width: textWidth, fontSize: 9 });
  b.moveDown(6);
  b.paragraph(letter.FullName, { width: textWidth, bold: true });
  b.paragraph(`JAMB Registration Number: ${letter.jambRegNo}`, { width: textWidth });
  b.moveDown(6);
  b.paragraph(`OFFER OF PROVISIONAL ADMISSION - ${letter.session} ACADEMIC SESSION`, {
    width: textWidth,
    bold: true,
  });
  b.y = Math.max(b.y, photo.y + photo.height) + 8;

  b.paragraph(`Dear ${letter.firstName ?? letter.FullName},`);
  b.moveDown(4);
  for (const text of letter.paragraphs.slice(0, 4)) {
    b.paragraph(text, {});
    b.moveDown(5);
  }
  b.table({
    columns: [
      { header: 'S/N', width: 1, align: 'center' },
      { header: 'Item', width: 6 },
      { header: 'Amount', width: 3, align: 'right' },
    ],
    rows: [
      ...letter.fees.map((f, i) => [String(i + 1), f.PaymentName, formatNaira(Math.round(f.Amount * 100))]),
      [String(letter.fees.length + 1), 'Bank / Interswitch service charge', 'As charged'],
      [
        '',
        'Total (excluding charges)',
        formatNaira(letter.fees.reduce((s, f) => s + Math.round(f.Amount * 100), 0)),
      ],
    ],
    boldLastRow: true,
    fontSize: 8.5,
  });
  for (const text of letter.paragraphs.slice(4)) {
    b.paragraph(text, {});
    b.moveDown(5);
  }
  b.signedWithQr(['Registrar'], letter.verifyUrl, 'Scan to verify this letter', { width: 170 });
  return b.toBuffer();
}

/** GET /api/letters/admission/{applicantId}.pdf (public, by the applicant's public id). */
export async function admissionLetterPdf(
  deps: LettersDeps,
  publicId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const facts = await admittedFacts(deps.db, publicId);
  return {
    pdf: await renderAdmissionLetterPdf(deps, facts),
    fileName: `ProvisionalAdmissionLetter-${facts.jambRegNo}.pdf`,
  };
}

// ---------------------------------------------------------------------------------------------
// The applicant's four admission documents (spec §2 'Admission letter' dialog)

async function ownFacts(deps: LettersDeps, auth: AuthContext | null): Promise<ApplicantFactsRow> {
  if (!auth || auth.kind !== 'Applicant')
    throw new AppError(404, LETTER_MESSAGES.letterNotFound, STATUS.notFound);
  const facts = await getApplicantFacts(deps.db, auth.userId);
  if (!facts) throw new AppError(404, LETTER_MESSAGES.letterNotFound, STATUS.notFound);
  return facts;
}

/** GET /api/applicant/document-links: the public ids the dashboard links to, and what is available. */
export async function documentLinks(deps: LettersDeps, auth: AuthContext | null) {
  const facts = await ownFacts(deps, auth);
  const level = deriveProgress(facts).AdmissionLevel;
  const admitted = level >= ADMISSION_LEVELS.admitted && facts.admittedAt !== null;
  const receipt = await paidAcceptanceFee(deps.db, facts.id);
  const data: DocumentLinks = {
    AdmissionLetterId: admitted ? facts.publicId : null,
    AcceptanceReceiptId: receipt?.publicId ?? null,
    AdmissionLevel: level,
    Documents: ADMISSION_DOCUMENTS.map((d) => ({
      Number: d.number,
      Name: d.name,
      Available: admitted && (!d.needsAcceptance || level >= ADMISSION_LEVELS.accepted),
      PdfUrl: `/api/applicant/admission-documents/${d.number}.pdf`,
    })),
    ReceiptPdfUrl: receipt ? `/api/receipts/${receipt.publicId}.pdf` : null,
    AdmissionLetterPdfUrl: admitted ? `/api/letters/admission/${facts.publicId}.pdf` : null,
  };
  return { Status: STATUS.ok, Data: data };
}

/** GET /api/applicant/admission-documents/{1..4}.pdf for the signed-in applicant. */
export async function admissionDocumentPdf(
  deps: LettersDeps,
  auth: AuthContext | null,
  number: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const doc = ADMISSION_DOCUMENTS.find((d) => d.number === number);
  if (!doc) throw new AppError(404, 'No such admission document.', STATUS.notFound);
  const facts = await ownFacts(deps, auth);
  const level = deriveProgress(facts).AdmissionLevel;
  if (level < ADMISSION_LEVELS.admitted || !facts.admittedAt)
    throw new AppError(409, LETTER_MESSAGES.notAdmitted, STATUS.invalid);
  if (doc.needsAcceptance && level < ADMISSION_LEVELS.accepted)
    throw new AppError(409, LETTER_MESSAGES.acceptanceFirst, STATUS.invalid);
  const fileName = doc.file.replace('.pdf', `-${facts.jambRegNo}.pdf`);
  if (doc.number === 1) return { pdf: await renderAdmissionLetterPdf(deps, facts), fileName };
  if (doc.number === 2) return { pdf: await renderAcceptanceInformationPdf(deps, facts), fileName };
  if (doc.number === 3) return { pdf: await renderMedicalFormPdf(deps, facts), fileName };
  return { pdf: await renderUndertakingPdf(deps, facts), fileName };
}

/** Document 2: the acceptance-fee payment information the bursary and the clearance desk check. */
async function renderAcceptanceInformationPdf(deps: LettersDeps, facts: ApplicantFactsRow): Promise<Buffer> {
  const payment = await paidAcceptanceFee(deps.db, facts.id);
  if (!payment) throw new AppError(409, LETTER_MESSAGES.acceptanceFirst, STATUS.invalid);
  const { receipt } = await receiptOf(deps, payment, { qr: false });
  const institution = await loadInstitution(deps.db);
  const b = createPdf({
    title: `Acceptance fee payment information ${facts.jambRegNo}`,
    author: institution.name,
    footer: `Verify: ${receipt.verifyUrl}`,
  });
  b.header(institution, 'ACCEPTANCE FEE PAYMENT INFORMATION', `${receipt.session ?? ''} admission`);
  b.heading('Candidate');
  applicantDetails(b, facts);
  b.heading('Payment');
  b.keyValues(
    [
      ['Payment', receipt.paymentName],
      ['Amount paid', formatNaira(payment.amountPaidKobo ?? payment.amountKobo)],
      ['Transaction Ref', receipt.transactionRef],
      [payment.provider === 'remita' ? 'RRR' : 'Gateway Ref', receipt.RRR],
      ['Paid through', payment.provider[0]!.toUpperCase() + payment.provider.slice(1)],
      ['Payment Date', formatLongDate(payment.paidAt)],
      ['Receipt No.', receipt.transactionId],
      ['Status', 'PAID'],
    ],
    { columns: 1, labelShare: 0.2 },
  );
  b.moveDown(8);
  b.paragraph(
    'Present this form with your payment receipt at the Bursary and at the admissions clearance desk. ' +
      'The officer scans the QR code to confirm the payment on the portal; a form whose QR code does not open ' +
      'a matching receipt is not valid.',
    {},
  );
  b.moveDown(10);
  const y = b.y;
  b.qrCode(receipt.verifyUrl, { x: b.left, y, size: 100 }, 'Scan to verify the receipt');
  b.y = y + 30;
  b.signatureLine('Bursary officer (name, signature, date)', { x: b.left + 180, width: 220 });
  b.y = Math.max(b.y, y + 120);
  return b.toBuffer();
}

/** Document 3: the medical examination form, completed by a registered medical practitioner. */
async function renderMedicalFormPdf(deps: LettersDeps, facts: ApplicantFactsRow): Promise<Buffer> {
  const institution = await loadInstitution(deps.db);
  const b = createPdf({
    title: `Medical examination form ${facts.jambRegNo}`,
    author: institution.name,
    footer: institution.name,
  });
  b.header(institution, 'MEDICAL EXAMINATION FORM', 'For newly admitted students');
  b.heading('Part A - Candidate (completed by the portal)');
  applicantDetails(b, facts, [
    ['Sex', facts.gender],
    ['Date of Birth', facts.dateOfBirth],
  ]);
  b.heading('Part B - Examination (to be completed by a registered medical practitioner)');
  b.table({
    columns: [
      { header: 'S/N', width: 1, align: 'center' },
      { header: 'Examination', width: 5 },
      { header: 'Result', width: 6 },
    ],
    rows: [
      'Height (m)',
      'Weight (kg)',
      'Blood pressure (mmHg)',
      'Pulse (per minute)',
      'Visual acuity (right / left)',
      'Hearing',
      'Chest X-ray',
      'Blood group',
      'Genotype',
      'Hepatitis B screening',
      'Urinalysis',
      'Other findings',
    ].map((item, i) => [String(i + 1), item, '']),
    zebra: false,
    minRowHeight: 22,
  });
  b.paragraph(
    'I certify that I have examined the candidate named above and that he / she is / is not medically fit to undertake ' +
      'a course of study in this institution.',
    {},
  );
  b.moveDown(4);
  b.signatures(['Medical practitioner (name, signature, date)', 'Hospital stamp and MDCN number'], {
    width: 230,
  });
  return b.toBuffer();
}

/** Document 4: the undertaking by the candidate and the attestation of the parent or guardian. */
async function renderUndertakingPdf(deps: LettersDeps, facts: ApplicantFactsRow): Promise<Buffer> {
  const institution = await loadInstitution(deps.db);
  const guardian = await getGuardianOf(deps.db, facts.id);
  const name = fullName(facts);
  const b = createPdf({
    title: `Undertaking and attestation form ${facts.jambRegNo}`,
    author: institution.name,
    footer: institution.name,
  });
  b.header(institution, 'UNDERTAKING AND ATTESTATION FORM', `${facts.admissionSessionName ?? ''} admission`);
  b.heading('Candidate');
  applicantDetails(b, facts);
  b.heading('Undertaking by the candidate');
  b.paragraph(
    `I, ${name}, with JAMB Registration Number ${facts.jambRegNo}, offered provisional admission into ` +
      `${facts.courseOfStudyName ?? 'a course of study'} at ${institution.name}, hereby undertake:`,
    {},
  );
  b.moveDown(3);
  b.numberedList(
    [
      'that all the documents and information I have submitted are genuine, and that my admission may be withdrawn at any time if any of them is found to be false;',
      'to abide by the rules and regulations of the institution, and to accept the penalty for any breach of them;',
      'not to belong to any secret cult or unlawful society, and not to take part in any act that disturbs the peace of the institution;',
      'to pay all fees as and when due, and to complete my registration within the period the institution sets.',
    ],
    { x: b.left + 6 },
  );
  b.signatureLine('Candidate (signature and date)', { width: 220 });
  b.moveDown(8);
  b.heading('Attestation by the parent or guardian');
  b.paragraph(
    `I, ${guardian?.name ?? '______________________________'}, ${guardian?.relationship ? `${guardian.relationship.toLowerCase()} of` : 'parent / guardian of'} ` +
      `the candidate named above, attest that the candidate is known to me, and undertake to support the candidate's ` +
      'compliance with this undertaking.',
    {},
  );
  b.signatureLine('Parent / guardian (signature and date)', { width: 220 });
  b.moveDown(8);
  b.heading('Sworn before');
  b.signatureLine('Commissioner for Oaths / Magistrate (stamp, signature, date)', { width: 300 });
  return b.toBuffer();
}

// ---------------------------------------------------------------------------------------------
// The SIWES placement letter

function siwesRef(shortName: string, session: string | null, matricNo: string): string {
  // Without a current session the reference simply leaves the session out.
  return [shortName || 'INST', 'SIWES', session?.replace('/', '-'), matricNo.replace(/[^0-9A-Za-z]/g, '')]
    .filter(Boolean)
    .join('/');
}

/** The SIWES letter's data: 3 months for Computer Science, 6 otherwise (coursesOfStudy.siwesMonths). */
export async function siwesLetterOf(
  deps: LettersDeps,
  s: repo.StudentLetterFacts,
  options: { qr?: boolean } = {},
): Promise<SiwesLetter> {
  const institution = await loadInstitution(deps.db);
  const session = await repo.currentSessionName(deps.db);
  // A letter the registry issued (page siwes) keeps the reference and length it was issued with.
  const issued = await repo.issuedSiwesLetter(deps.db, s.id);
  const months = issued?.months ?? s.siwesMonths ?? 6;
  const verifyUrl = verifyUrls.siwesLetter(deps.config.PUBLIC_URL, s.publicId);
  const name = fullName(s);
  return {
    SIWESFormRef: issued?.reference ?? siwesRef(institution.shortName, session, s.matricNo),
    Name: name,
    MatricNumber: s.matricNo,
    levelId: s.levelId,
    Level: s.levelName,
    CourseOfStudy: s.courseOfStudyName,
    GraduatingLevel: s.yearsToGraduate ? `${s.yearsToGraduate * 100} Level` : null,
    DurationMonths: months,
    Department: s.departmentName,
    Faculty: s.facultyName,
    Session: session,
    institutionName: institution.name,
    paragraphs: [
      'REQUEST FOR INDUSTRIAL TRAINING PLACEMENT UNDER THE STUDENTS INDUSTRIAL WORK EXPERIENCE SCHEME (SIWES)',
      'The Students Industrial Work Experience Scheme (SIWES) is run with the Industrial Training Fund (ITF) to give ' +
        'students practical experience of work in their field of study before they graduate.',
      `The bearer, ${name} (Matric. No. ${s.matricNo}), is a ${s.levelName ?? ''} student of ` +
        `${s.courseOfStudyName ?? 'the institution'} in the Department of ${s.departmentName ?? '-'}` +
        `${s.facultyName ? `, ${s.facultyName}` : ''}, and is due for ${months} months of industrial training.`,
      'We should be grateful if you would offer the student a place in your organisation for this period. The student ' +
        "keeps a logbook of the work done, which your supervisor is asked to sign, and is visited by the institution's " +
        'SIWES coordinator.',
      'Kindly complete the acceptance slip below and return it to the SIWES Unit of the institution.',
    ],
    QRcode: options.qr === false ? '' : await qrDataUrl(verifyUrl),
    verifyUrl,
    pdfUrl: `/api/letters/siwes/${s.publicId}.pdf`,
  };
}

async function studentByPublicId(db: Db, publicId: string): Promise<repo.StudentLetterFacts> {
  const s = PUBLIC_ID_PATTERN.test(publicId) ? await repo.findStudentForLetter(db, { publicId }) : null;
  if (!s) throw new AppError(404, LETTER_MESSAGES.siwesNotFound, STATUS.notFound);
  return s;
}

/**
 * What a SIWES letter issued now to this student says: its reference and length (3 months for
 * Computer Science, 6 otherwise). The registry's siwes page records it when it issues the letter.
 */
export async function siwesIssueTerms(deps: LettersDeps, studentId: number) {
  const s = await repo.findStudentForLetter(deps.db, { id: studentId });
  if (!s) throw new AppError(404, LETTER_MESSAGES.siwesNotFound, STATUS.notFound);
  const institution = await loadInstitution(deps.db);
  const session = await repo.currentSessionName(deps.db);
  return {
    reference: siwesRef(institution.shortName, session, s.matricNo),
    months: s.siwesMonths ?? 6,
    pdfUrl: `/api/letters/siwes/${s.publicId}.pdf`,
  };
}

/** GET api/SIWESLETTER?StudId= (public, by the student's public id). */
export async function getSiwesLetter(deps: LettersDeps, publicId: string) {
  const s = await studentByPublicId(deps.db, publicId.trim().toLowerCase());
  return { Status: STATUS.ok, Data: await siwesLetterOf(deps, s) };
}

export async function renderSiwesLetterPdf(deps: LettersDeps, s: repo.StudentLetterFacts): Promise<Buffer> {
  const letter = await siwesLetterOf(deps, s, { qr: false });
  const institution = await loadInstitution(deps.db);
  const b = createPdf({
    title: `SIWES placement letter ${s.matricNo}`,
    author: institution.name,
    footer: `Verify: ${letter.verifyUrl}`,
  });
  b.header(institution, 'SIWES PLACEMENT LETTER', 'SIWES Unit');
  b.paragraph(`Ref: ${letter.SIWESFormRef}`, { fontSize: 9 });
  b.paragraph(`Date: ${formatLongDate(new Date())}`, { fontSize: 9 });
  b.moveDown(8);
  b.paragraph('The Manager / Head of Human Resources', { bold: true });
  b.paragraph('_____________________________________________');
  b.moveDown(8);
  b.paragraph('Dear Sir / Madam,');
  b.moveDown(4);
  b.paragraph(letter.paragraphs[0]!, { bold: true });
  b.moveDown(4);
  for (const text of letter.paragraphs.slice(1)) {
    b.paragraph(text, {});
    b.moveDown(5);
  }
  b.keyValues([
    ['Name', letter.Name],
    ['Matric No.', letter.MatricNumber],
    ['Course of Study', letter.CourseOfStudy],
    ['Current Level', letter.Level],
    ['Graduating Level', letter.GraduatingLevel],
    ['Duration', `${letter.DurationMonths} months`],
  ]);
  const signY = b.y + 6;
  b.signatureLine('SIWES Coordinator', { width: 180 });
  b.qrCode(letter.verifyUrl, { x: b.right - 84, y: signY, size: 84 }, 'Scan to verify');
  b.y = Math.max(b.y, signY + 100);
  b.heading('Acceptance slip (to be completed by the organisation)');
  b.paragraph(
    `We accept ${letter.Name} (${letter.MatricNumber}) for industrial training in our organisation for ` +
      `${letter.DurationMonths} months, from ____________________ to ____________________.`,
    {},
  );
  b.moveDown(4);
  b.keyValues(
    [
      ['Organisation', ''],
      ['Address', ''],
      ['Supervisor', ''],
      ['Telephone', ''],
    ],
    { columns: 1, labelShare: 0.2, emptyValue: '', minRowHeight: 26 },
  );
  b.signatureLine('Signature, stamp and date', { width: 220 });
  return b.toBuffer();
}

/** GET /api/letters/siwes/{StudId}.pdf (public, by the student's public id). */
export async function siwesLetterPdf(
  deps: LettersDeps,
  publicId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const s = await studentByPublicId(deps.db, publicId);
  return {
    pdf: await renderSiwesLetterPdf(deps, s),
    fileName: `SIWESLetter-${s.matricNo.replace(/[^0-9A-Za-z]/g, '')}.pdf`,
  };
}

/** GET /api/student/document-links: the signed-in student's SIWES letter id. */
export async function studentDocumentLinks(deps: LettersDeps, auth: AuthContext | null) {
  if (!auth || auth.kind !== 'Student')
    throw new AppError(404, LETTER_MESSAGES.siwesNotFound, STATUS.notFound);
  const s = await repo.findStudentForLetter(deps.db, { id: auth.userId });
  if (!s) throw new AppError(404, LETTER_MESSAGES.siwesNotFound, STATUS.notFound);
  return {
    Status: STATUS.ok,
    Data: { SiwesLetterId: s.publicId, SiwesLetterPdfUrl: `/api/letters/siwes/${s.publicId}.pdf` },
  };
}
