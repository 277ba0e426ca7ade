import { desc, eq } from 'drizzle-orm';
import { SCHOOL_ID } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import {
  academicSessions,
  admissionSessions,
  applicants,
  coursesOfStudy,
  departments,
  entryModes,
  faculties,
  levels,
  schoolSettings,
  siwesLetters,
  students,
} from '../../db/schema/index.js';

/** The internal id behind an applicant's public id (read-only lookup for the public letter). */
export async function applicantIdByPublicId(db: Db, publicId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: applicants.id })
    .from(applicants)
    .where(eq(applicants.publicId, publicId))
    .limit(1);
  return row?.id ?? null;
}

export async function applicantPublicId(db: Db, applicantId: number): Promise<string | null> {
  const [row] = await db
    .select({ publicId: applicants.publicId })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .limit(1);
  return row?.publicId ?? null;
}

export async function courseAndFaculty(db: Db, courseOfStudyId: number | null, departmentId: number | null) {
  const [course] = courseOfStudyId
    ? await db
        .select({ yearsToGraduate: coursesOfStudy.yearsToGraduate, siwesMonths: coursesOfStudy.siwesMonths })
        .from(coursesOfStudy)
        .where(eq(coursesOfStudy.id, courseOfStudyId))
        .limit(1)
    : [];
  const [faculty] = departmentId
    ? await db
        .select({ name: faculties.name })
        .from(departments)
        .innerJoin(faculties, eq(faculties.id, departments.facultyId))
        .where(eq(departments.id, departmentId))
        .limit(1)
    : [];
  return { yearsToGraduate: course?.yearsToGraduate ?? null, facultyName: faculty?.name ?? null };
}

export async function acceptanceDays(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ acceptanceDays: schoolSettings.acceptanceDays })
    .from(schoolSettings)
    .where(eq(schoolSettings.schoolId, SCHOOL_ID))
    .limit(1);
  return row?.acceptanceDays ?? null;
}

/** The session, resumption and registration deadline of the applicant's admission session (else the current one). */
export async function admissionTerms(db: Db, applicantId: number) {
  const terms = {
    name: admissionSessions.name,
    resumptionDate: admissionSessions.resumptionDate,
    registrationClosesOn: admissionSessions.registrationClosesOn,
  };
  const [own] = await db
    .select(terms)
    .from(applicants)
    .innerJoin(admissionSessions, eq(admissionSessions.id, applicants.admissionSessionId))
    .where(eq(applicants.id, applicantId))
    .limit(1);
  if (own) return own;
  const [current] = await db
    .select(terms)
    .from(admissionSessions)
    .where(eq(admissionSessions.isCurrent, true))
    .orderBy(desc(admissionSessions.id))
    .limit(1);
  return current ?? null;
}

export async function currentSessionName(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ name: academicSessions.name })
    .from(academicSessions)
    .where(eq(academicSessions.isCurrent, true))
    .limit(1);
  return row?.name ?? null;
}

/** A student's facts for the SIWES letter, by internal id or public id. */
export async function findStudentForLetter(db: Db, by: { publicId: string } | { id: number }) {
  const [row] = await db
    .select({
      id: students.id,
      publicId: students.publicId,
      matricNo: students.matricNo,
      firstName: students.firstName,
      lastName: students.lastName,
      otherName: students.otherName,
      levelId: students.levelId,
      levelName: levels.name,
      courseOfStudyName: coursesOfStudy.name,
      yearsToGraduate: coursesOfStudy.yearsToGraduate,
      siwesMonths: coursesOfStudy.siwesMonths,
      departmentName: departments.name,
      facultyName: faculties.name,
      entryModeName: entryModes.name,
    })
    .from(students)
    .leftJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .leftJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(faculties, eq(faculties.id, departments.facultyId))
    .leftJoin(entryModes, eq(entryModes.id, students.entryModeId))
    .where('publicId' in by ? eq(students.publicId, by.publicId) : eq(students.id, by.id))
    .limit(1);
  return row ?? null;
}
export type StudentLetterFacts = NonNullable<Awaited<ReturnType<typeof findStudentForLetter>>>;

/** The SIWES letter the registry last issued to a student (its reference and length), or null. */
export async function issuedSiwesLetter(db: Db, studentId: number) {
  const [row] = await db
    .select({
      reference: siwesLetters.reference,
      months: siwesLetters.months,
      issuedAt: siwesLetters.issuedAt,
    })
    .from(siwesLetters)
    .where(eq(siwesLetters.studentId, studentId))
    .orderBy(desc(siwesLetters.issuedAt), desc(siwesLetters.id))
    .limit(1);
  return row ?? null;
}
