import { and, eq, inArray } from 'drizzle-orm';
import { TRANSCRIPT_FEE_ITEM_IDS } from '@portal/contracts';
import type { Db } from '../client.js';
import {
  academicSessions,
  adminRoles,
  admins,
  courseLecturers,
  courseResults,
  courses,
  departments,
  feeSchedule,
  gradeScales,
  levels,
  pages,
  resultEntries,
  resultSheetEvents,
  resultSheets,
  reviewStageHolders,
  reviewStages,
  rolePages,
  roles,
  scoreItems,
  scoreSchemes,
  semesters,
  staff,
  students,
} from '../schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { DEMO_PASSWORD } from './accounts.js';

/**
 * Results' demo data (issue 14): the review chain (HOD, faculty board, senate) with the adviser as
 * Computer Science's HOD, the lecturer of CSC 101 and CSC 103 in 2024/2025, the transcript fees, and
 * the score sheets behind DIT/2023/0003's published 2023/2024 results (senate-approved, published).
 */

export const REVIEW_STAGES = [
  { position: 1, name: 'Head of Department', scope: 'Department' },
  { position: 2, name: 'Faculty Board', scope: 'Faculty' },
  { position: 3, name: 'Senate', scope: 'School' },
] as const;

export const LECTURER_ROLE = 'Lecturer';
export const LECTURER_PAGES = ['resultupload', 'marksheet'] as const;
export const HOD_ROLE = 'Head of Department';
export const HOD_PAGES = ['ReviewResult', 'marksheet'] as const;
const LECTURER = {
  email: 'lecturer@demo.edu.ng',
  staffNumber: 'DIT/SP/0014',
  title: 'Mr',
  firstName: 'Tunde',
  lastName: 'Bakare',
  designation: 'Lecturer II',
  courses: ['CSC 101', 'CSC 103'],
} as const;
const ADVISER_EMAIL = 'adviser@demo.edu.ng';

/** The transcript fee, session-wide, in kobo: within Nigeria ₦10,000, abroad ₦25,000. */
const TRANSCRIPT_FEES: readonly [number, number][] = [
  [TRANSCRIPT_FEE_ITEM_IDS.Nigeria, 1_000_000],
  [TRANSCRIPT_FEE_ITEM_IDS.Abroad, 2_500_000],
];

export async function seedResults(db: Db): Promise<void> {
  await db
    .insert(reviewStages)
    .values([...REVIEW_STAGES])
    .onConflictDoNothing();
  await seedRole(db, HOD_ROLE, 'Reviews and answers queries on the results of a department', HOD_PAGES);
  await seedRole(db, LECTURER_ROLE, 'Enters the scores of the courses taught', LECTURER_PAGES);
  await seedHod(db);
  await seedLecturer(db);
  await seedTranscriptFees(db);
  await seedPastSheets(db);
}

async function seedRole(db: Db, name: string, description: string, pageNames: readonly string[]) {
  await db.insert(roles).values({ name, description }).onConflictDoNothing();
  const [role] = await db.select().from(roles).where(eq(roles.name, name));
  const pageRows = await db
    .select({ id: pages.id })
    .from(pages)
    .where(inArray(pages.page, [...pageNames]));
  if (role && pageRows.length)
    await db
      .insert(rolePages)
      .values(pageRows.map((p) => ({ roleId: role.id, pageId: p.id })))
      .onConflictDoNothing();
  return role;
}

async function roleId(db: Db, name: string) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return role?.id;
}

/** The adviser is also Computer Science's head of department: the first review stage. */
async function seedHod(db: Db) {
  const [member] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, ADVISER_EMAIL));
  const [csc] = await db.select({ id: departments.id }).from(departments).where(eq(departments.code, 'CSC'));
  const [stage] = await db
    .select({ id: reviewStages.id })
    .from(reviewStages)
    .where(eq(reviewStages.name, REVIEW_STAGES[0].name));
  const [admin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, ADVISER_EMAIL));
  const hod = await roleId(db, HOD_ROLE);
  if (admin && hod)
    await db.insert(adminRoles).values({ adminId: admin.id, roleId: hod }).onConflictDoNothing();
  if (member && csc && stage)
    await db
      .insert(reviewStageHolders)
      .values({ stageId: stage.id, staffId: member.id, departmentId: csc.id, facultyId: null })
      .onConflictDoNothing();
}

/** lecturer@demo.edu.ng: the Lecturer role, a staff record of Computer Science, CSC 101 and CSC 103 in 2024/2025. */
async function seedLecturer(db: Db) {
  let [admin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, LECTURER.email));
  if (!admin) {
    [admin] = await db
      .insert(admins)
      .values({
        email: LECTURER.email,
        firstName: LECTURER.firstName,
        lastName: LECTURER.lastName,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        isFirstLogin: false,
      })
      .returning({ id: admins.id });
    const role = await roleId(db, LECTURER_ROLE);
    if (role) await db.insert(adminRoles).values({ adminId: admin!.id, roleId: role }).onConflictDoNothing();
  }
  const [csc] = await db.select({ id: departments.id }).from(departments).where(eq(departments.code, 'CSC'));
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.name, '2024/2025'));
  if (!csc || !session) return;
  await db
    .insert(staff)
    .values({
      staffNumber: LECTURER.staffNumber,
      title: LECTURER.title,
      firstName: LECTURER.firstName,
      lastName: LECTURER.lastName,
      email: LECTURER.email,
      departmentId: csc.id,
      designation: LECTURER.designation,
    })
    .onConflictDoNothing();
  const [member] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, LECTURER.email));
  const courseRows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(inArray(courses.code, [...LECTURER.courses]));
  if (member && courseRows.length)
    await db
      .insert(courseLecturers)
      .values(
        courseRows.map((c) => ({ courseId: c.id, staffId: member.id, sessionId: session.id, role: 'Lead' })),
      )
      .onConflictDoNothing();
}

async function seedTranscriptFees(db: Db) {
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.name, '2024/2025'));
  if (!session) return;
  const existing = await db
    .select({ itemId: feeSchedule.itemId })
    .from(feeSchedule)
    .where(
      and(
        eq(feeSchedule.sessionId, session.id),
        inArray(
          feeSchedule.itemId,
          TRANSCRIPT_FEES.map(([id]) => id),
        ),
      ),
    );
  const missing = TRANSCRIPT_FEES.filter(([id]) => !existing.some((e) => e.itemId === id));
  if (missing.length)
    await db.insert(feeSchedule).values(
      missing.map(([itemId, amount]) => ({
        sessionId: session.id,
        itemId,
        indigeneAmountKobo: amount,
        nonIndigeneAmountKobo: amount,
      })),
    );
}

/**
 * The sheets behind DIT/2023/0003's published 2023/2024 results: one per course and semester,
 * submitted by the lecturer, approved at every stage and published (the history says so).
 */
async function seedPastSheets(db: Db) {
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.matricNo, 'DIT/2023/0003'));
  const [scheme] = await db
    .select({ id: scoreSchemes.id })
    .from(scoreSchemes)
    .where(eq(scoreSchemes.isActive, true));
  const [scale] = await db
    .select({ id: gradeScales.id })
    .from(gradeScales)
    .where(eq(gradeScales.isDefault, true));
  if (!student || !scheme || !scale) return;
  // 2023/2024 was the student's 100-level year.
  const [level] = await db.select({ id: levels.id }).from(levels).where(eq(levels.name, '100 Level'));
  const items = await db
    .select({ id: scoreItems.id, max: scoreItems.weight })
    .from(scoreItems)
    .where(eq(scoreItems.schemeId, scheme.id))
    .orderBy(scoreItems.position);
  const results = await db
    .select({
      courseId: courseResults.courseId,
      semesterId: courseResults.semesterId,
      score: courseResults.score,
      grade: courseResults.grade,
      gradePoint: courseResults.gradePoint,
      passed: courseResults.passed,
      publishedAt: courseResults.publishedAt,
      endDate: semesters.endDate,
    })
    .from(courseResults)
    .innerJoin(semesters, eq(semesters.id, courseResults.semesterId))
    .where(eq(courseResults.studentId, student.id));
  for (const r of results) {
    const published = r.publishedAt ?? new Date(`${r.endDate}T12:00:00Z`);
    const [sheet] = await db
      .insert(resultSheets)
      .values({
        courseId: r.courseId,
        semesterId: r.semesterId,
        schemeId: scheme.id,
        scaleId: scale.id,
        state: 'published',
        submittedAt: published,
        approvedAt: published,
        publishedAt: published,
      })
      .onConflictDoNothing()
      .returning({ id: resultSheets.id });
    if (!sheet) continue;
    await db.insert(resultEntries).values({
      sheetId: sheet.id,
      studentId: student.id,
      levelId: level?.id ?? null,
      scores: splitScore(r.score, items),
      total: r.score,
      grade: r.grade,
      gradePoint: r.gradePoint,
      passed: r.passed,
    });
    await db.insert(resultSheetEvents).values([
      { sheetId: sheet.id, action: 'submitted', stage: 'Lecturer', at: published },
      ...REVIEW_STAGES.map((s) => ({
        sheetId: sheet.id,
        action: 'approved',
        stage: s.name,
        at: published,
      })),
      { sheetId: sheet.id, action: 'published', at: published },
    ]);
  }
}

/** A total split across the score items in proportion to their maxima (the last item takes the rest). */
function splitScore(total: number, items: readonly { id: number; max: number }[]): Record<string, number> {
  const scores: Record<string, number> = {};
  let left = total;
  items.forEach((item, i) => {
    const share = i === items.length - 1 ? left : Math.min(item.max, Math.round((total * item.max) / 100));
    scores[String(item.id)] = share;
    left -= share;
  });
  return scores;
}
