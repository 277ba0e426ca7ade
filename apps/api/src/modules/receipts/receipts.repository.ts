import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  academicSessions,
  coursesOfStudy,
  departments,
  entryModes,
  levels,
  paymentItems,
  programmes,
  students,
} from '../../db/schema/index.js';
import { inArray } from 'drizzle-orm';

/** A student payee's display facts (students have no module of their own yet). */
export async function findStudentPayee(db: Db, studentId: number) {
  const [row] = await db
    .select({
      id: students.id,
      matricNo: students.matricNo,
      firstName: students.firstName,
      lastName: students.lastName,
      otherName: students.otherName,
      stateId: students.stateId,
      levelId: students.levelId,
      levelName: levels.name,
      departmentId: students.departmentId,
      departmentName: departments.name,
      courseOfStudyName: coursesOfStudy.name,
      programmeId: coursesOfStudy.programmeId,
      programmeName: programmes.name,
      entryModeId: students.entryModeId,
      entryModeName: entryModes.name,
      admittedSessionName: academicSessions.name,
    })
    .from(students)
    .leftJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .leftJoin(programmes, eq(programmes.id, coursesOfStudy.programmeId))
    .leftJoin(entryModes, eq(entryModes.id, students.entryModeId))
    .leftJoin(academicSessions, eq(academicSessions.id, students.admittedSessionId))
    .where(eq(students.id, studentId))
    .limit(1);
  return row ?? null;
}

/** A programme's name (B.Sc. …), for an applicant's receipt. */
export async function programmeName(db: Db, programmeId: number | null): Promise<string | null> {
  if (programmeId === null) return null;
  const [row] = await db
    .select({ name: programmes.name })
    .from(programmes)
    .where(eq(programmes.id, programmeId))
    .limit(1);
  return row?.name ?? null;
}

export async function itemNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentItems.id, name: paymentItems.name })
    .from(paymentItems)
    .where(inArray(paymentItems.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
