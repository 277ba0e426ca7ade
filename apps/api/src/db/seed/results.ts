import { and, count, eq, inArray } from 'drizzle-orm';
import { TRANSCRIPT_FEE_ITEM_IDS } from '@portal/contracts';
import type { Db } from '../client.js';
import {
  academicSessions,
  adminRoles,
  admins,
  coreGrades,
  courseLecturers,
  courseResults,
  courses,
  degreeClasses,
  departments,
  feeSchedule,
  gradePoints,
  grades,
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
import { DEMO_PROGRAMMES, programmeIds } from './institution.js';

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

export const DEMO_GRADES: readonly [string, string, boolean][] = [
  ['A', 'Excellent', true],
  ['AB', 'Very Good', true],
  ['B', 'Good', true],
  ['BC', 'Above Average', true],
  ['C', 'Average', true],
  ['CD', 'Fair', true],
  ['D', 'Pass', true],
  ['E', 'Poor Pass', true],
  ['F', 'Fail', false],
];

export const FIVE_POINT_SCALE = '5-point university scale';
export const FOUR_POINT_SCALE = '4-point polytechnic scale';

/** [grade, lowest score, highest score, grade point] of each scale (domain.md for the 5-point scale). */
export const DEMO_BANDS: Record<string, readonly [string, number, number, number][]> = {
  [FIVE_POINT_SCALE]: [
    ['A', 70, 100, 5],
    ['B', 60, 69, 4],
    ['C', 50, 59, 3],
    ['D', 45, 49, 2],
    ['E', 40, 44, 1],
    ['F', 0, 39, 0],
  ],
  [FOUR_POINT_SCALE]: [
    ['A', 75, 100, 4],
    ['AB', 70, 74, 3.5],
    ['B', 65, 69, 3.25],
    ['BC', 60, 64, 3],
    ['C', 55, 59, 2.75],
    ['CD', 50, 54, 2.5],
    ['D', 45, 49, 2.25],
    ['E', 40, 44, 2],
    ['F', 0, 39, 0],
  ],
};

/** Classes of degree (diploma) per scale: contiguous, 0.01 apart, never overlapping. */
export const DEMO_DEGREE_CLASSES: Record<string, readonly [string, number, number][]> = {
  [FIVE_POINT_SCALE]: [
    ['First Class', 4.5, 5],
    ['Second Class Upper', 3.5, 4.49],
    ['Second Class Lower', 2.4, 3.49],
    ['Third Class', 1.5, 2.39],
    ['Pass', 1, 1.49],
  ],
  [FOUR_POINT_SCALE]: [
    ['Distinction', 3.5, 4],
    ['Upper Credit', 3, 3.49],
    ['Lower Credit', 2.5, 2.99],
    ['Pass', 2, 2.49],
  ],
};

export const DEMO_SCORE_SCHEMES: readonly {
  name: string;
  isActive: boolean;
  items: readonly [string, number][];
}[] = [
  {
    name: 'Standard (CA 30, Exam 70)',
    isActive: true,
    items: [
      ['CA 1', 15],
      ['CA 2', 15],
      ['Examination', 70],
    ],
  },
  // Being drawn up by the senate committee: incomplete, so not active.
  {
    name: 'Practical courses',
    isActive: false,
    items: [
      ['Laboratory reports', 20],
      ['Practical examination', 40],
    ],
  },
];

/** Grades, the two scales with their bands and classes, core grades and the assessment schemes. */
export async function seedGrading(db: Db): Promise<void> {
  const programmeId = await programmeIds(db);
  await db
    .insert(grades)
    .values(DEMO_GRADES.map(([code, description, isPass]) => ({ code, description, isPass })))
    .onConflictDoNothing();
  const gradeRows = await db.select({ id: grades.id, code: grades.code }).from(grades);
  const gradeId = (c: string) => gradeRows.find((g) => g.code === c)!.id;

  const [hasDefault] = await db
    .select({ n: count() })
    .from(gradeScales)
    .where(eq(gradeScales.isDefault, true));
  await db
    .insert(gradeScales)
    .values([
      { name: FIVE_POINT_SCALE, maxPoint: 5, isDefault: !hasDefault?.n },
      { name: FOUR_POINT_SCALE, maxPoint: 4, isDefault: false },
    ])
    .onConflictDoNothing();
  const scaleRows = await db
    .select({ id: gradeScales.id, name: gradeScales.name })
    .from(gradeScales)
    .where(inArray(gradeScales.name, [FIVE_POINT_SCALE, FOUR_POINT_SCALE]));
  for (const scale of scaleRows) {
    // Bands and classes as whole sets, only on a scale that has none (they must not overlap).
    const [bands] = await db
      .select({ n: count() })
      .from(gradePoints)
      .where(eq(gradePoints.scaleId, scale.id));
    if (!bands?.n)
      await db.insert(gradePoints).values(
        DEMO_BANDS[scale.name]!.map(([grade, minScore, maxScore, point]) => ({
          scaleId: scale.id,
          gradeId: gradeId(grade),
          minScore,
          maxScore,
          point,
        })),
      );
    const [classes] = await db
      .select({ n: count() })
      .from(degreeClasses)
      .where(eq(degreeClasses.scaleId, scale.id));
    if (!classes?.n)
      await db.insert(degreeClasses).values(
        DEMO_DEGREE_CLASSES[scale.name]!.map(([name, minCgpa, maxCgpa]) => ({
          scaleId: scale.id,
          name,
          minCgpa,
          maxCgpa,
        })),
      );
  }

  await db
    .insert(coreGrades)
    .values(DEMO_PROGRAMMES.map((p) => ({ programmeId: programmeId(p.code), gradeId: gradeId(p.coreGrade) })))
    .onConflictDoNothing();

  for (const scheme of DEMO_SCORE_SCHEMES) {
    const [inserted] = await db
      .insert(scoreSchemes)
      .values({ name: scheme.name, isActive: scheme.isActive })
      .onConflictDoNothing()
      .returning({ id: scoreSchemes.id });
    // The items come with a new scheme only: an existing one keeps the items its admins gave it.
    if (inserted)
      await db
        .insert(scoreItems)
        .values(
          scheme.items.map(([name, weight], i) => ({ schemeId: inserted.id, name, weight, position: i + 1 })),
        );
  }
}
