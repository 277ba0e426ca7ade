import type { z } from 'zod';
import { koboToNaira, type TransactionRow, type transactionsQuery } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { dayRange, isoRequired } from '../../platform/time.js';
import * as repo from './transactions.repository.js';

/** GET /api/Admin/GetTransactionAsync: payments of every kind, paged on the server, by date. */
export async function listTransactions(db: Db, q: z.output<typeof transactionsQuery>) {
  const range = dayRange(q.initialDate, q.finalDate, { from: 'Start Date', to: 'End Date' });
  const { rows, total } = await repo.listTransactions(db, range, q.initialPage, q.pageSize);
  const data: TransactionRow[] = rows.map((r) => {
    const isApplicant = r.applicantId !== null;
    const isStudent = r.studentId !== null;
    const amountKobo = r.state === 'paid' && r.amountPaidKobo !== null ? r.amountPaidKobo : r.amountKobo;
    return {
      transactionId: r.publicId,
      reference: r.reference,
      provider: r.provider,
      payerName: isApplicant
        ? [r.applicantLast, r.applicantFirst].filter(Boolean).join(' ')
        : isStudent
          ? [r.studentLast, r.studentFirst].filter(Boolean).join(' ')
          : '',
      payerType: isApplicant ? 'Applicant' : isStudent ? 'Student' : 'Unknown',
      regNo: isApplicant ? r.applicantJamb : isStudent ? r.studentMatric : null,
      category: r.category ?? '',
      amount: koboToNaira(amountKobo),
      amountKobo,
      state: r.state,
      date: isoRequired(r.paidAt ?? r.createdAt),
    };
  });
  return {
    state: 1,
    msg: data.length === 0 ? 'No data' : 'Ok',
    data,
    total,
    page: q.initialPage,
    pageSize: q.pageSize,
  };
}
