import {
  FULL_PAYMENT_METHOD_ID,
  RESULT_MESSAGES as M,
  STATUS,
  STUDENT_PAYEE_TYPE_ID,
  TRANSCRIPT_FEE_CATEGORY_ID,
  TRANSCRIPT_FEE_ITEM_IDS,
  type TranscriptRequestInput,
  type TranscriptRequestRow,
  type TranscriptState,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import type { AuthContext } from '../../platform/auth.js';
import { paged } from '../../platform/db.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { loadInstitution } from '../../platform/pdf.js';
import { iso, isoRequired } from '../../platform/time.js';
import {
  loadStudentPayer,
  scheduledFeeKobo,
  type Payer,
  type PaymentPurpose,
} from '../payments/payments.service.js';
import { verifyUrls } from '../../platform/verification.js';
import { ownStudent } from '../students/students.service.js';
import { renderResultDocument } from './documents.js';
import * as repo from './results.repository.js';
import type { ResultsDeps } from './results.service.js';

/**
 * Transcript requests: a student or graduate asks for an official transcript to be sent to an
 * institution or employer, pays the transcript fee through the payments registry (a purpose of its
 * own: one fee per request, a unique constraint refusing a second), and follows the request (paid →
 * processing → sent). Releasing it issues the transcript's verifiable id and e-mails the recipient a
 * link to its public page; the recipient's first visit is recorded for the student to see.
 */

const PAGE = 'Transcript';
export const TRANSCRIPT_FEE_ONCE = 'transcript_fees_once';

const refuse = (message: string) => new AppError(409, message, STATUS.invalid);

async function feeOf(
  db: Db,
  payer: Pick<Payer, 'levelId' | 'departmentId' | 'entryModeId' | 'stateId'>,
  destination: string,
) {
  const itemId = TRANSCRIPT_FEE_ITEM_IDS[destination as keyof typeof TRANSCRIPT_FEE_ITEM_IDS];
  return { itemId, fee: await scheduledFeeKobo(db, payer, [itemId]) };
}

export const transcriptFee: PaymentPurpose = {
  categoryId: TRANSCRIPT_FEE_CATEGORY_ID,
  payerKind: 'Student',
  payeeTypeId: STUDENT_PAYEE_TYPE_ID,
  referenceCode: 'TRN',
  returnPath: '/portal/student/ReportCard',
  loadPayer: loadStudentPayer,
  async plan(db, payer, request) {
    if (!request.RecordId) throw refuse(M.transcriptNotDue);
    const found = await repo.transcriptRequestById(db, request.RecordId);
    if (!found || found.studentId !== payer.id) throw notFound(M.transcriptNotFound);
    if (found.state !== 'awaiting_payment' || (await repo.transcriptFeePaid(db, found.id)))
      throw refuse(M.transcriptPaid);
    const { itemId, fee } = await feeOf(db, payer, found.destination);
    if (!fee) throw refuse('The school has not set the transcript fee for this session.');
    return {
      sessionId: fee.sessionId,
      itemIds: [itemId],
      methodId: FULL_PAYMENT_METHOD_ID,
      amountKobo: fee.amountKobo,
      description: `Transcript to ${found.recipientName}`,
      recordId: found.id,
    };
  },
  async onPaid(tx, payment, paidAt) {
    if (!payment.recordId) return;
    // A second fee for the same request breaks transcript_fees_once: flagged for refund, never counted.
    await repo.recordTranscriptFee(tx, { requestId: payment.recordId, paymentId: payment.id, paidAt });
    await repo.moveTranscriptRequest(tx, payment.recordId, ['awaiting_payment'], { state: 'paid', paidAt });
  },
  refusedBy: [TRANSCRIPT_FEE_ONCE],
  duplicateFlag: (amountKobo) =>
    `duplicate: the transcript fee of this request was already paid by another attempt; refund ${amountKobo} kobo`,
  duplicateMessage: M.transcriptDuplicate,
};

async function rowOf(
  db: Db,
  r: repo.TranscriptRequestRow,
  payer?: Payer | null,
): Promise<TranscriptRequestRow> {
  const who = payer ?? (await loadStudentPayer(db, r.studentId));
  const { fee } = who ? await feeOf(db, who, r.destination) : { fee: null };
  return {
    Id: r.id,
    MatricNo: r.matricNo,
    Name: r.name,
    RecipientName: r.recipientName,
    RecipientEmail: r.recipientEmail,
    PostalAddress: r.postalAddress,
    Destination: r.destination as TranscriptRequestRow['Destination'],
    State: r.state as TranscriptState,
    AmountKobo: fee?.amountKobo ?? 0,
    CreatedAt: isoRequired(r.createdAt),
    PaidAt: iso(r.paidAt),
    SentAt: iso(r.sentAt),
    OpenedAt: iso(r.openedAt),
  };
}

export async function ownTranscriptRequests(db: Db, auth: AuthContext | null) {
  const student = await ownStudent({ db }, auth);
  const payer = await loadStudentPayer(db, student.id);
  const rows = await repo.transcriptRequestsOf(db, student.id);
  return { Status: STATUS.ok, Data: await Promise.all(rows.map((r) => rowOf(db, r, payer))) };
}

export async function requestTranscript(db: Db, auth: AuthContext | null, input: TranscriptRequestInput) {
  const student = await ownStudent({ db }, auth);
  if (!(await repo.publishedResults(db, student.id)).length) throw conflict(M.transcriptNoResults);
  await repo.insertTranscriptRequest(db, {
    studentId: student.id,
    recipientName: input.RecipientName,
    recipientEmail: input.RecipientEmail,
    postalAddress: input.PostalAddress || null,
    destination: input.Destination,
  });
  const payer = await loadStudentPayer(db, student.id);
  const rows = await repo.transcriptRequestsOf(db, student.id);
  return {
    Status: STATUS.ok,
    Message: M.transcriptRequested,
    Data: await Promise.all(rows.map((r) => rowOf(db, r, payer))),
  };
}

export async function listTranscriptRequests(
  db: Db,
  q: { state?: TranscriptState; page: number; pageSize: number },
) {
  const { rows, total } = await repo.listTranscriptRequests(
    db,
    q.state,
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  // A student's particulars are read once per page, however many of their requests it lists.
  const payers = new Map<number, Promise<Payer | null>>();
  const payerOf = (studentId: number) => {
    if (!payers.has(studentId)) payers.set(studentId, loadStudentPayer(db, studentId));
    return payers.get(studentId)!;
  };
  return paged(
    await Promise.all(rows.map(async (r) => rowOf(db, r, await payerOf(r.studentId)))),
    q.page,
    q.pageSize,
    total,
    'No transcript requests.',
  );
}

/** paid → processing: the registry has taken the request in hand. */
export async function processTranscript(db: Db, actor: AuditActor, id: number) {
  return db.transaction(async (tx) => {
    const found = await repo.transcriptRequestById(tx, id, true);
    if (!found) throw notFound(M.transcriptNotFound);
    if (found.state === 'awaiting_payment') throw conflict(M.transcriptNotPaid);
    const moved = await repo.moveTranscriptRequest(tx, id, ['paid'], { state: 'processing' });
    if (!moved) throw conflict(found.state === 'sent' ? M.transcriptAlreadySent : M.transcriptProcessing);
    await audit(tx, {
      actor,
      page: PAGE,
      action: 'process',
      entity: 'transcript_request',
      entityId: id,
      before: { state: found.state },
      after: { state: 'processing' },
    });
    return { Status: STATUS.ok, Message: M.transcriptProcessing };
  });
}

/**
 * Releases a paid request: the transcript is issued (its verifiable id), the request moves to sent
 * (only from paid or processing, so two presses send one e-mail), and the recipient is e-mailed the
 * link to the transcript's page.
 */
export async function releaseTranscript(deps: ResultsDeps, actor: AuditActor, id: number) {
  const { db } = deps;
  const found = await repo.transcriptRequestById(db, id);
  if (!found) throw notFound(M.transcriptNotFound);
  if (found.state === 'awaiting_payment') throw conflict(M.transcriptNotPaid);
  if (found.state === 'sent') throw conflict(M.transcriptAlreadySent);
  const document = await renderResultDocument(deps, found.studentId, 'transcript', null);
  const institution = await loadInstitution(db);
  const link = verifyUrls.resultDocument(deps.config.PUBLIC_URL, document.publicId, id);
  const moved = await db.transaction(async (tx) => {
    const row = await repo.moveTranscriptRequest(tx, id, ['paid', 'processing'], {
      state: 'sent',
      sentAt: new Date(),
      documentId: document.documentId,
    });
    if (!row) return null;
    await audit(tx, {
      actor,
      page: PAGE,
      action: 'release',
      entity: 'transcript_request',
      entityId: id,
      before: { state: found.state },
      after: { state: 'sent', document: document.publicId },
    });
    // In the same transaction: the request is sent exactly when its e-mail is queued.
    await deps.mailer.enqueue(
      {
        to: found.recipientEmail,
        subject: `Official transcript of ${found.name} (${found.matricNo})`,
        text: [
          `Dear ${found.recipientName},`,
          '',
          `${institution.name} has released the official transcript of ${found.name}, matric number ${found.matricNo}, at the student's request.`,
          '',
          `Open it here: ${link}`,
          '',
          'The page shows the transcript and says whether it is still current.',
        ].join('\n'),
      },
      tx,
    );
    return row;
  });
  if (!moved) throw conflict(M.transcriptAlreadySent);
  return { Status: STATUS.ok, Message: M.transcriptSent(found.recipientEmail) };
}
