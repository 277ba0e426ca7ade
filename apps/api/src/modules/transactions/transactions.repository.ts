import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { applicants, paymentCategories, payments, students } from '../../db/schema/index.js';
import { countSql, type Exec } from '../../platform/db.js';

/** The only Drizzle code of the transactions list: every payment, newest first, by creation date. */
export async function listTransactions(
  db: Exec,
  range: { start?: Date; end?: Date },
  page: number,
  pageSize: number,
) {
  const where = and(
    range.start ? gte(payments.createdAt, range.start) : undefined,
    range.end ? lt(payments.createdAt, range.end) : undefined,
  );
  const [total] = await db.select({ n: countSql() }).from(payments).where(where);
  const rows = await db
    .select({
      publicId: payments.publicId,
      reference: payments.reference,
      provider: payments.provider,
      state: payments.state,
      amountKobo: payments.amountKobo,
      amountPaidKobo: payments.amountPaidKobo,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      category: paymentCategories.name,
      applicantId: payments.applicantId,
      applicantJamb: applicants.jambRegNo,
      applicantFirst: applicants.firstName,
      applicantLast: applicants.lastName,
      studentId: payments.studentId,
      studentMatric: students.matricNo,
      studentFirst: students.firstName,
      studentLast: students.lastName,
    })
    .from(payments)
    .leftJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId))
    .leftJoin(applicants, eq(applicants.id, payments.applicantId))
    .leftJoin(students, eq(students.id, payments.studentId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}
