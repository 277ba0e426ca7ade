import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  academicSessions,
  adminRoles,
  admins,
  courseAdvisers,
  courseResults,
  courses,
  departments,
  pages,
  rolePages,
  roles,
  semesters,
  staff,
  students,
} from '../schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { DEMO_PASSWORD } from './accounts.js';

/**
 * Course registration's demo data (issue 13): the 2023/2024 semesters and DIT/2023/0003's published
 * 100-level results (CHM 101 failed: the carry-over), and the level adviser of Computer Science.
 */

export const ADVISER_ROLE = 'Level Adviser';
export const ADVISER_PAGES = ['courseRegistration', 'RegisteredCourse', 'studentcourselist'] as const;
const ADVISER = {
  email: 'adviser@demo.edu.ng',
  firstName: 'Ngozi',
  lastName: 'Eze',
  staffNumber: 'DIT/SP/0013',
  title: 'Dr',
  designation: 'Level Adviser and Head of Department',
} as const;

const PAST_SEMESTERS = [
  { name: '2023/2024 First Semester', term: 'First', startDate: '2023-10-09', endDate: '2024-02-29' },
  { name: '2023/2024 Second Semester', term: 'Second', startDate: '2024-03-18', endDate: '2024-07-31' },
] as const;

/** DIT/2023/0003's 100-level scores: [semester, course, score]. CHM 101 is failed. */
const STUDENT3_SCORES: readonly [0 | 1, string, number][] = [
  [0, 'CSC 101', 72],
  [0, 'CSC 103', 65],
  [0, 'MTH 101', 58],
  [0, 'PHY 101', 61],
  [0, 'PHY 107', 70],
  [0, 'CHM 101', 34],
  [0, 'GST 111', 66],
  [0, 'GST 113', 55],
  [0, 'STA 111', 47],
  [1, 'CSC 102', 68],
  [1, 'CSC 104', 74],
  [1, 'MTH 102', 52],
  [1, 'MTH 104', 49],
  [1, 'PHY 102', 57],
  [1, 'PHY 108', 63],
  [1, 'GST 112', 71],
  [1, 'GST 114', 60],
];

/** The school's five-point scale: [lowest score, grade, grade point]. */
const FIVE_POINT: readonly [number, string, number][] = [
  [70, 'A', 5],
  [60, 'B', 4],
  [50, 'C', 3],
  [45, 'D', 2],
  [40, 'E', 1],
  [0, 'F', 0],
];

export async function seedCourseRegistration(db: Db): Promise<void> {
  await seedPastResults(db);
  await seedAdviser(db);
}

async function seedPastResults(db: Db) {
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, '2023/2024'));
  const [student] = await db.select().from(students).where(eq(students.matricNo, 'DIT/2023/0003'));
  if (!session || !student) return;
  await db
    .insert(semesters)
    .values(PAST_SEMESTERS.map((s) => ({ ...s, sessionId: session.id, isCurrent: false })))
    .onConflictDoNothing();
  const semesterRows = await db
    .select({ id: semesters.id, name: semesters.name, endDate: semesters.endDate })
    .from(semesters)
    .where(
      inArray(
        semesters.name,
        PAST_SEMESTERS.map((s) => s.name),
      ),
    );
  const courseRows = await db
    .select({ id: courses.id, code: courses.code, units: courses.units })
    .from(courses)
    .where(
      inArray(
        courses.code,
        STUDENT3_SCORES.map((s) => s[1]),
      ),
    );
  const values = STUDENT3_SCORES.flatMap(([term, code, score]) => {
    const course = courseRows.find((c) => c.code === code);
    const semester = semesterRows.find((s) => s.name === PAST_SEMESTERS[term].name);
    if (!course || !semester) return [];
    const [, grade, gradePoint] = FIVE_POINT.find(([min]) => score >= min)!;
    return [
      {
        studentId: student.id,
        courseId: course.id,
        semesterId: semester.id,
        units: course.units,
        score,
        grade,
        gradePoint,
        passed: gradePoint > 0,
        publishedAt: new Date(`${semester.endDate}T12:00:00Z`),
      },
    ];
  });
  if (values.length) await db.insert(courseResults).values(values).onConflictDoNothing();
}

/** adviser@demo.edu.ng: the Level Adviser role, a staff record of Computer Science and its scope (every level). */
async function seedAdviser(db: Db) {
  await db
    .insert(roles)
    .values({ name: ADVISER_ROLE, description: 'Approves course registrations of the departments advised' })
    .onConflictDoNothing();
  const [role] = await db.select().from(roles).where(eq(roles.name, ADVISER_ROLE));
  const pageRows = await db
    .select({ id: pages.id })
    .from(pages)
    .where(inArray(pages.page, [...ADVISER_PAGES]));
  if (role && pageRows.length)
    await db
      .insert(rolePages)
      .values(pageRows.map((p) => ({ roleId: role.id, pageId: p.id })))
      .onConflictDoNothing();

  let [admin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, ADVISER.email));
  if (!admin) {
    [admin] = await db
      .insert(admins)
      .values({
        email: ADVISER.email,
        firstName: ADVISER.firstName,
        lastName: ADVISER.lastName,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        isFirstLogin: false,
      })
      .returning({ id: admins.id });
    if (role)
      await db.insert(adminRoles).values({ adminId: admin!.id, roleId: role.id }).onConflictDoNothing();
  }

  const [csc] = await db.select({ id: departments.id }).from(departments).where(eq(departments.code, 'CSC'));
  if (!csc) return;
  await db
    .insert(staff)
    .values({
      staffNumber: ADVISER.staffNumber,
      title: ADVISER.title,
      firstName: ADVISER.firstName,
      lastName: ADVISER.lastName,
      email: ADVISER.email,
      departmentId: csc.id,
      designation: ADVISER.designation,
    })
    .onConflictDoNothing();
  const [member] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.email, ADVISER.email)));
  if (member)
    await db
      .insert(courseAdvisers)
      .values({ staffId: member.id, departmentId: csc.id, levelId: null, role: 'Level Adviser' })
      .onConflictDoNothing();
}
