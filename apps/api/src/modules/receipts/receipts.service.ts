import {
  RECEIPT_CHARGE_NOTE,
  RECEIPT_LINE_LABELS,
  SCHOOL_FEES_CATEGORY_ID,
  STATUS,
  koboToNaira,
  type PaymentReceipt,
  type ReceiptLine,
  type SchoolFeesReceipt,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { createPdf, formatLongDate, formatNaira, loadInstitution } from '../../platform/pdf.js';
import { isIndigene } from '../../platform/school.js';
import type { FileStorage } from '../../platform/storage.js';
import { getApplicantFacts, passportLink } from '../applicants/applicants.service.js';
import { passportBytes } from '../documents/documents.service.js';
import {
  findPaidPayment,
  paymentFeeLines,
  paymentSessionName,
  type PaymentRow,
} from '../payments/payments.service.js';
import * as repo from './receipts.repository.js';
import { fullName, qrDataUrl, verifyUrls } from '../../platform/verification.js';

export interface ReceiptsDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'SESSION_TTL'>;
}

/** School fees: the category whose receipt shows the indigene / non-indigene breakdown. */
export { SCHOOL_FEES_CATEGORY_ID };

export const RECEIPT_NOT_FOUND = 'No paid receipt with this transaction id was found.';
const receiptNotFound = () => new AppError(404, RECEIPT_NOT_FOUND, STATUS.notFound);

/** Who paid, as a receipt shows it. Public: no e-mail, no phone. */
interface Payee {
  name: string;
  matricNo: string | null;
  jambRegNo: string | null;
  levelId: number | null;
  level: string | null;
  departmentId: number | null;
  department: string | null;
  courseOfStudy: string | null;
  entryModeId: number | null;
  /** A student's programme (through the course of study): fee lines may be set per programme. */
  programmeId: number | null;
  /** The programme's name (B.Sc. …), through the course of study; never the entry mode. */
  program: string | null;
  stateId: number | null;
  admittedSession: string | null;
  passportUrl: string | null;
  photo: () => Promise<Buffer | null>;
}

async function payeeOf(deps: ReceiptsDeps, payment: PaymentRow): Promise<Payee> {
  if (payment.applicantId !== null) {
    const a = await getApplicantFacts(deps.db, payment.applicantId);
    if (!a) throw receiptNotFound();
    const applicantId = payment.applicantId;
    return {
      name: fullName(a) || a.jambRegNo,
      matricNo: null,
      jambRegNo: a.jambRegNo,
      levelId: a.levelId,
      level: a.levelName,
      departmentId: a.departmentId,
      department: a.departmentName,
      courseOfStudy: a.courseOfStudyName,
      entryModeId: a.entryModeId,
      programmeId: null,
      program: await repo.programmeName(deps.db, a.programmeId),
      stateId: a.stateId,
      admittedSession: a.admissionSessionName,
      passportUrl: passportLink(deps.config, a.publicId, a.passportKey),
      photo: () => passportBytes(deps, applicantId),
    };
  }
  if (payment.studentId !== null) {
    const s = await repo.findStudentPayee(deps.db, payment.studentId);
    if (!s) throw receiptNotFound();
    return {
      name: fullName(s),
      matricNo: s.matricNo,
      jambRegNo: null,
      levelId: s.levelId,
      level: s.levelName,
      departmentId: s.departmentId,
      department: s.departmentName,
      courseOfStudy: s.courseOfStudyName,
      entryModeId: s.entryModeId,
      programmeId: s.programmeId,
      program: s.programmeName,
      stateId: s.stateId,
      admittedSession: s.admittedSessionName,
      passportUrl: null,
      photo: async () => null,
    };
  }
  throw receiptNotFound();
}

async function paidOr404(deps: ReceiptsDeps, transactionId: string): Promise<PaymentRow> {
  const payment = await findPaidPayment(deps.db, transactionId.trim().toLowerCase());
  if (!payment) throw receiptNotFound();
  return payment;
}

/** Each item of a payment at the amount its payer owed (kobo), by the fee schedule of its session. */
async function itemLines(
  deps: ReceiptsDeps,
  payment: PaymentRow,
  payee: Payee,
  names: Map<number, string>,
  indigene: boolean,
): Promise<{ name: string; amountKobo: number | null }[]> {
  const lines = await paymentFeeLines(deps.db, payment, payee);
  return payment.itemIds.map((itemId) => {
    const line = lines.find((l) => l.itemId === itemId);
    return {
      name: names.get(itemId) ?? `Item ${itemId}`,
      amountKobo: line ? (indigene ? line.indigeneAmountKobo : line.nonIndigeneAmountKobo) : null,
    };
  });
}

/**
 * The receipt's amounts, computed once for the page's data and the PDF, in kobo: the items, the
 * service charge the payer bore, anything paid above the fee, and the total paid, which is their
 * sum. The gateway's own fee (`chargesKobo`) is deducted from the institution's settlement, not
 * paid by the payer, so it is no line of the payer's receipt. Items whose schedule no longer
 * adds up to the amount charged (the schedule changed since) are shown as one line of that amount.
 */
export function receiptAmounts(
  payment: Pick<PaymentRow, 'amountKobo' | 'amountPaidKobo' | 'flag'>,
  items: { name: string; amountKobo: number | null }[],
): { lines: ReceiptLine[]; dueKobo: number; chargeKobo: number; totalKobo: number } {
  const dueKobo = payment.amountKobo;
  const totalKobo = payment.amountPaidKobo ?? dueKobo;
  const itemsAddUp =
    items.length > 0 &&
    items.every((i) => i.amountKobo !== null) &&
    items.reduce((sum, i) => sum + i.amountKobo!, 0) === dueKobo;
  const itemRows = itemsAddUp
    ? items.map((i) => ({ label: i.name, amountKobo: i.amountKobo! }))
    : [{ label: items.map((i) => i.name).join(', ') || 'Payment', amountKobo: dueKobo }];
  // What the payer paid beyond the fee: an overpayment (flagged for refund) or a charge they bore.
  const above = Math.max(totalKobo - dueKobo, 0);
  const overpaid = payment.flag?.startsWith('overpaid') ?? false;
  const chargeKobo = overpaid ? 0 : above;
  const excessKobo = overpaid ? above : 0;
  const line = (kind: ReceiptLine['kind'], label: string, amountKobo: number): ReceiptLine => ({
    kind,
    label,
    amountKobo,
    amount: koboToNaira(amountKobo),
  });
  const lines = [
    ...itemRows.map((i) => line('item', i.label, i.amountKobo)),
    line('charge', RECEIPT_LINE_LABELS.charge, chargeKobo),
    ...(excessKobo > 0 ? [line('excess', RECEIPT_LINE_LABELS.excess, excessKobo)] : []),
  ];
  const sum = lines.reduce((s, l) => s + l.amountKobo, 0);
  lines.push(line('total', RECEIPT_LINE_LABELS.total, sum));
  return { lines, dueKobo, chargeKobo, totalKobo: sum };
}

/** The receipt object of spec section 3 for a paid payment. */
export async function receiptOf(
  deps: ReceiptsDeps,
  payment: PaymentRow,
  options: { qr?: boolean } = {},
  now = new Date(),
): Promise<{ receipt: PaymentReceipt; payee: Payee }> {
  const [payee, names, institution] = await Promise.all([
    payeeOf(deps, payment),
    repo.itemNames(deps.db, payment.itemIds),
    loadInstitution(deps.db),
  ]);
  const indigene = await isIndigene(deps.db, payee.stateId);
  const amounts = receiptAmounts(payment, await itemLines(deps, payment, payee, names, indigene));
  const verifyUrl = verifyUrls.receipt(deps.config.PUBLIC_URL, payment.publicId);
  const receipt: PaymentReceipt = {
    institutionName: institution.name,
    institutionShortName: institution.shortName,
    name: payee.name,
    matricNo: payee.matricNo,
    jambRegNo: payee.jambRegNo,
    level: payee.level,
    department: payee.department,
    payeeNo: payee.matricNo ?? payee.jambRegNo,
    payeeId: payment.payeeTypeId,
    stateId: payee.stateId,
    indigene,
    RRR: payment.providerReference,
    transactionRef: payment.reference,
    transactionId: payment.publicId,
    provider: payment.provider,
    paymentDate: (payment.paidAt ?? payment.updatedAt).toISOString(),
    generatedDate: now.toISOString(),
    paymentName: payment.itemIds.map((id) => names.get(id) ?? `Item ${id}`).join(', '),
    session: await paymentSessionName(deps.db, payment.sessionId),
    amount: koboToNaira(amounts.dueKobo),
    charges: koboToNaira(amounts.chargeKobo),
    amountPaid: koboToNaira(amounts.totalKobo),
    lines: amounts.lines,
    passport: payee.passportUrl,
    // PDFs draw their own vector code; only the JSON carries the PNG.
    QRcode: options.qr === false ? '' : await qrDataUrl(verifyUrl),
    verifyUrl,
    pdfUrl: `/api/receipts/${payment.publicId}.pdf`,
    paymentCategoryId: payment.categoryId === SCHOOL_FEES_CATEGORY_ID ? payment.categoryId : null,
    admittedSession: payee.admittedSession,
    program: payee.program,
    courseOfStudy: payee.courseOfStudy,
  };
  return { receipt, payee };
}

/** GET api/PaymentReceiptByRRR?transactionId= (public, by the receipt's unguessable id). */
export async function getReceipt(deps: ReceiptsDeps, transactionId: string) {
  const payment = await paidOr404(deps, transactionId);
  const { receipt } = await receiptOf(deps, payment);
  return { Status: STATUS.ok, Data: receipt };
}

/** GET api/SchoolFeesReceipt0?RRR= (public; RRR is the receipt's id, as in the receipt link). */
export async function getSchoolFeesReceipt(deps: ReceiptsDeps, id: string) {
  const payment = await paidOr404(deps, id);
  const payee = await payeeOf(deps, payment);
  const lines = await paymentFeeLines(deps.db, payment, payee);
  const names = await repo.itemNames(deps.db, payment.itemIds);
  const details = payment.itemIds.map((itemId) => {
    const line = lines.find((l) => l.itemId === itemId);
    return {
      PaymentName: names.get(itemId) ?? `Item ${itemId}`,
      IndigeneAmount: koboToNaira(line?.indigeneAmountKobo ?? 0),
      NonIndigeneAmount: koboToNaira(line?.nonIndigeneAmountKobo ?? 0),
    };
  });
  const data: SchoolFeesReceipt = {
    details,
    totals0: [{ total: koboToNaira(lines.reduce((s, l) => s + l.nonIndigeneAmountKobo, 0)) }],
    totals1: [{ total: koboToNaira(lines.reduce((s, l) => s + l.indigeneAmountKobo, 0)) }],
    MethodId: payment.methodId,
    amountPaid: koboToNaira(payment.amountPaidKobo ?? payment.amountKobo),
    Level: payee.level,
  };
  return { Status: STATUS.ok, Data: data };
}

/** The receipt as an A4 PDF with selectable text and a vector QR code. */
export async function renderReceiptPdf(deps: ReceiptsDeps, payment: PaymentRow): Promise<Buffer> {
  const [{ receipt, payee }, institution] = await Promise.all([
    receiptOf(deps, payment, { qr: false }),
    loadInstitution(deps.db),
  ]);
  const b = createPdf({
    title: `Payment receipt ${receipt.transactionRef}`,
    subject: receipt.paymentName,
    author: institution.name,
    footer: `Verify: ${receipt.verifyUrl}`,
  });
  b.header(
    institution,
    'OFFICIAL PAYMENT RECEIPT',
    [receipt.paymentName, receipt.session].filter(Boolean).join(' - '),
  );

  const top = b.y;
  const photo = { x: b.right - 92, y: top, width: 92, height: 112 };
  b.photo(await payee.photo(), photo);
  b.heading('Payer', { width: b.width - 104 });
  b.keyValues(
    [
      ['Name', receipt.name],
      [receipt.matricNo ? 'Matric No.' : 'JAMB Reg. No.', receipt.payeeNo],
      ['Department', receipt.department],
      ['Course of Study', receipt.courseOfStudy],
      ['Level', receipt.level],
      ['Programme', receipt.program],
    ],
    { columns: 1, width: b.width - 104, labelShare: 0.32 },
  );
  b.y = Math.max(b.y, photo.y + photo.height) + 10;

  b.heading('Payment');
  b.keyValues(
    [
      ['Payment', receipt.paymentName],
      ['Session', receipt.session],
      ['Transaction Ref', receipt.transactionRef],
      [payment.provider === 'remita' ? 'RRR' : 'Gateway Ref', receipt.RRR],
      ['Paid through', payment.provider[0]!.toUpperCase() + payment.provider.slice(1)],
      ['Payment Date', formatLongDate(payment.paidAt)],
      ['Status', 'PAID'],
      ['Receipt No.', receipt.transactionId],
    ],
    { columns: 1, labelShare: 0.25 },
  );
  b.moveDown(4);
  const items = receipt.lines.filter((l) => l.kind === 'item');
  b.table({
    columns: [
      { header: 'S/N', width: 1, align: 'center' },
      { header: 'Item', width: 6 },
      { header: 'Amount', width: 3, align: 'right' },
    ],
    rows: receipt.lines.map((l) => [
      l.kind === 'item' ? String(items.indexOf(l) + 1) : '',
      l.label,
      formatNaira(l.amountKobo),
    ]),
    boldLastRow: true,
  });
  b.paragraph(RECEIPT_CHARGE_NOTE, { fontSize: 8.5 });

  b.ensureSpace(130);
  const qrTop = b.y + 6;
  b.qrCode(receipt.verifyUrl, { x: b.left, y: qrTop, size: 100 }, 'Scan to verify');
  // The note beside the QR code, level with its top.
  b.y = qrTop + 6;
  b.paragraph(
    `This receipt is valid only if the page opened by its QR code shows the same details. ` +
      `Verify at ${receipt.verifyUrl}. Generated ${formatLongDate(new Date())}.`,
    { x: b.left + 120, width: b.width - 120, fontSize: 9 },
  );
  b.y = Math.max(b.y, qrTop + 120);
  return b.toBuffer();
}

/** GET /api/receipts/{transactionId}.pdf (public). */
export async function receiptPdf(
  deps: ReceiptsDeps,
  transactionId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const payment = await paidOr404(deps, transactionId);
  return { pdf: await renderReceiptPdf(deps, payment), fileName: `Receipt-${payment.reference}.pdf` };
}
