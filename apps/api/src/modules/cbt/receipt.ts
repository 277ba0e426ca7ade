import { CBT_LIMITS } from '@portal/contracts';
import { createPdf, formatLongDate, loadInstitution } from '../../platform/pdf.js';
import { fullName } from '../../platform/verification.js';
import type * as repo from './cbt.repository.js';
import { receiptFacts, receiptUrl, type CbtDeps } from './cbt.service.js';

/**
 * The exam receipt (A4): who sat what, when it was submitted and how, the number of answers and the
 * SHA-256 of the final answers, with a QR code to the public page keyed by the receipt's 128-bit id.
 */
export async function renderReceipt(d: CbtDeps, a: repo.AttemptRow): Promise<Buffer> {
  const { e, o, s } = await receiptFacts(d, a);
  const institution = await loadInstitution(d.db);
  const verifyUrl = receiptUrl(d.config.PUBLIC_URL, a.receiptId!);
  const b = createPdf({
    title: `Exam receipt ${s?.matricNo ?? ''} ${o?.code ?? ''}`,
    author: institution.name,
    footer: `Verify: ${verifyUrl}`,
  });
  b.header(institution, 'EXAM SUBMISSION RECEIPT', `${o?.session ?? ''} session`);
  const when = (x: Date | null) => (x ? `${formatLongDate(x)} ${x.toISOString().slice(11, 19)} UTC` : '');
  b.keyValues(
    [
      ['Name', s ? fullName(s) : ''],
      ['Matric No.', s?.matricNo ?? ''],
      ['Course', `${o?.code ?? ''} ${o?.title ?? ''}`],
      ['Exam', e.title],
      ['Started', when(a.startedAt)],
      ['Submitted', when(a.submittedAt)],
      [
        'Submitted by',
        a.submitReason === 'timeUp'
          ? 'the server at time up'
          : a.submitReason === 'ended'
            ? 'the invigilator'
            : 'the candidate',
      ],
      ['Answers', `${a.receiptAnswers ?? 0} of ${a.paper.length} questions`],
      ['SHA-256 of the answers', a.receiptSha256 ?? ''],
      ['Receipt id', a.receiptId ?? ''],
    ],
    { columns: 1, width: b.width, labelShare: 0.3 },
  );
  b.moveDown(10);
  b.paragraph(
    'The answers above were received by the portal and kept in an append-only log. The hash is the SHA-256 of the ' +
      'final answers in their canonical form; the page the QR code opens says whether the log still gives it. ' +
      `Answers arriving up to ${CBT_LIMITS.graceSeconds} seconds after the end counted if given before it.`,
    { width: b.width },
  );
  b.moveDown(10);
  b.signedWithQr(['Candidate'], verifyUrl, 'Scan to verify this receipt');
  return b.toBuffer();
}

export const receiptFileName = (matricNo: string, code: string) =>
  `ExamReceipt-${matricNo.replace(/[^0-9A-Za-z]/g, '')}-${code.replace(/[^0-9A-Za-z]/g, '')}.pdf`;
