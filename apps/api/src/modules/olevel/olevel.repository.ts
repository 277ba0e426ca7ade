import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SCHOOL_ID } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.js';
import {
  olevelGrades,
  olevelResults,
  olevelSubjects,
  olevelTypes,
  schoolSettings,
} from '../../db/schema/index.js';
import { institutionYear } from '../../platform/time.js';

type Exec = Db | Tx;

export async function listSubjects(db: Exec) {
  return db.select().from(olevelSubjects).orderBy(asc(olevelSubjects.name));
}

export async function listGrades(db: Exec) {
  return db.select().from(olevelGrades).orderBy(asc(olevelGrades.rank));
}

export async function listTypes(db: Exec) {
  return db.select().from(olevelTypes).orderBy(asc(olevelTypes.id));
}

/**
 * The exam-year range the school accepts: from school_settings' earliest year to its latest or
 * the current year (West Africa Time), whichever is later, so this year's candidates can apply.
 */
export async function examYearRange(db: Exec, now = new Date()) {
  const [row] = await db
    .select({ min: schoolSettings.olevelMinYear, max: schoolSettings.olevelMaxYear })
    .from(schoolSettings)
    .where(eq(schoolSettings.schoolId, SCHOOL_ID))
    .limit(1);
  const current = institutionYear(now);
  return { min: row?.min ?? 1990, max: Math.max(row?.max ?? current, current) };
}

/** `"table"."column"`: Drizzle leaves single-table columns unqualified, which a subquery would misread. */
const qualified = (column: AnyPgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

const displayColumns = {
  OLevelResultID: olevelResults.id,
  OLevelSubjectID: olevelResults.subjectId,
  OLevelTypeID: olevelResults.typeId,
  OLevelGradeID: olevelResults.gradeId,
  ApplicantId: olevelResults.applicantId,
  ExamYear: olevelResults.examYear,
  ExamNumber: olevelResults.examNumber,
  // Scalar subqueries rather than joins: cheaper to plan, and this runs on every dashboard load.
  OLevelTypeName: sql<string>`(select r.name from ${olevelTypes} r where r.id = ${qualified(olevelResults.typeId)})`,
  OLevelSubjectName: sql<string>`(select r.name from ${olevelSubjects} r where r.id = ${qualified(olevelResults.subjectId)})`,
  GradeName: sql<string>`(select r.name from ${olevelGrades} r where r.id = ${qualified(olevelResults.gradeId)})`,
};

/** The applicant's results with their names, in the order they were entered. */
export async function displayRows(db: Exec, applicantId: number) {
  return db
    .select(displayColumns)
    .from(olevelResults)
    .where(eq(olevelResults.applicantId, applicantId))
    .orderBy(asc(olevelResults.id));
}

export async function savedSubjectIds(db: Exec, applicantId: number): Promise<number[]> {
  const rows = await db
    .select({ subjectId: olevelResults.subjectId })
    .from(olevelResults)
    .where(eq(olevelResults.applicantId, applicantId));
  return rows.map((r) => r.subjectId);
}

export interface NewResult {
  applicantId: number;
  typeId: number;
  subjectId: number;
  gradeId: number;
  examYear: number;
  examNumber: string;
}

export async function insertResults(tx: Tx, rows: NewResult[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(olevelResults).values(rows).returning({ id: olevelResults.id });
  return inserted.map((r) => r.id);
}

/** Deletes one of the applicant's results; returns false when the applicant has no such result. */
export async function deleteResult(tx: Tx, applicantId: number, resultId: number): Promise<boolean> {
  const deleted = await tx
    .delete(olevelResults)
    .where(and(eq(olevelResults.id, resultId), eq(olevelResults.applicantId, applicantId)))
    .returning({ id: olevelResults.id });
  return deleted.length > 0;
}

export async function resultBelongsTo(db: Exec, applicantId: number, resultId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: olevelResults.id })
    .from(olevelResults)
    .where(and(eq(olevelResults.id, resultId), eq(olevelResults.applicantId, applicantId)))
    .limit(1);
  return Boolean(row);
}

/** The O'level results of these applicants, sitting by sitting (exam type, year, number), subjects by name. */
export function olevelResultsOf(db: Exec, applicantIds: readonly number[]) {
  if (applicantIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      applicantId: olevelResults.applicantId,
      examType: olevelTypes.name,
      examYear: olevelResults.examYear,
      examNumber: olevelResults.examNumber,
      subject: olevelSubjects.name,
      grade: olevelGrades.name,
      rank: olevelGrades.rank,
    })
    .from(olevelResults)
    .innerJoin(olevelTypes, eq(olevelTypes.id, olevelResults.typeId))
    .innerJoin(olevelSubjects, eq(olevelSubjects.id, olevelResults.subjectId))
    .innerJoin(olevelGrades, eq(olevelGrades.id, olevelResults.gradeId))
    .where(inArray(olevelResults.applicantId, [...applicantIds]))
    .orderBy(
      asc(olevelResults.applicantId),
      asc(olevelResults.examYear),
      asc(olevelResults.examNumber),
      asc(olevelSubjects.name),
    );
}
