import { and, eq } from 'drizzle-orm';
import { ASSIGNMENT_PAGE, NOTIFICATION_TYPES } from '@portal/contracts';
import type { Db } from '../client.js';
import {
  academicSessions,
  admins,
  assignmentSubmissions,
  assignments,
  courses,
  notifications,
  scoreItems,
  scoreSchemes,
  students,
} from '../schema/index.js';
import { createHash } from 'node:crypto';
import { STUDENT5 } from './course-content.js';
import { DEMO_SESSION, grantPage } from './demo.js';
import { LECTURER_ROLE } from './results.js';

/**
 * Assignments' demo data (issue 25), in CSC 101 of 2024/2025 (lecturer@demo.edu.ng; DIT/2024/0005
 * registered — seeded by the course content step):
 * - the Lecturer role gains the `assignment` page;
 * - "Assignment 2: Flowcharts", published, open now and due in a week (late work refused);
 * - "Assignment 1: Number systems", published, past due (late work accepted for three days at 10%
 *   off), feeding CA 1, with DIT/2024/0005's text submission graded 8/10 with a comment and returned;
 * - an unread type-3 (assignments) notification for DIT/2024/0005.
 * Idempotent: made only when CSC 101 has no assignment yet.
 */
const DAY = 86_400_000;

export async function seedAssignments(db: Db): Promise<void> {
  await grantPage(db, LECTURER_ROLE, ASSIGNMENT_PAGE);

  const [course] = await db.select().from(courses).where(eq(courses.code, 'CSC 101'));
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, DEMO_SESSION));
  const [student] = await db.select().from(students).where(eq(students.matricNo, STUDENT5.matricNo));
  const [lecturer] = await db.select().from(admins).where(eq(admins.email, 'lecturer@demo.edu.ng'));
  if (!course || !session || !student) return;
  const [existing] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.courseId, course.id), eq(assignments.sessionId, session.id)))
    .limit(1);
  if (existing) return;
  const [ca1] = await db
    .select({ id: scoreItems.id })
    .from(scoreItems)
    .innerJoin(scoreSchemes, eq(scoreSchemes.id, scoreItems.schemeId))
    .where(and(eq(scoreSchemes.isActive, true), eq(scoreItems.name, 'CA 1')));
  const now = Date.now();
  const offering = { courseId: course.id, sessionId: session.id, createdBy: lecturer?.id ?? null };
  await db.insert(assignments).values({
    ...offering,
    title: 'Assignment 2: Flowcharts',
    instructions:
      'Draw a flowchart for finding the largest of three numbers, then write the same steps as pseudocode.\nSubmit one PDF or type your answer.',
    opensAt: new Date(now - DAY),
    dueAt: new Date(now + 7 * DAY),
    latePolicy: 'refuse',
    maxScore: 10,
    scoreItemId: ca1?.id ?? null,
    publishedAt: new Date(now - DAY),
  });
  const [past] = await db
    .insert(assignments)
    .values({
      ...offering,
      title: 'Assignment 1: Number systems',
      instructions: 'Convert 45, 128 and 255 to binary and hexadecimal. Show your working.',
      opensAt: new Date(now - 21 * DAY),
      dueAt: new Date(now - 14 * DAY),
      latePolicy: 'accept',
      lateUntil: new Date(now - 11 * DAY),
      latePenalty: 10,
      maxScore: 10,
      scoreItemId: ca1?.id ?? null,
      publishedAt: new Date(now - 21 * DAY),
    })
    .returning();
  const text = '45 = 101101 (0x2D)\n128 = 10000000 (0x80)\n255 = 11111111 (0xFF)';
  await db.insert(assignmentSubmissions).values({
    assignmentId: past!.id,
    studentId: student.id,
    text,
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    submittedAt: new Date(now - 15 * DAY),
    score: 8,
    comment: 'Good working. Check the hexadecimal of 45 again next time — it is right, but show the steps.',
    gradedAt: new Date(now - 10 * DAY),
    gradedBy: lecturer?.id ?? null,
    returnedAt: new Date(now - 10 * DAY),
  });
  await db.insert(notifications).values({
    recipientKind: 'Student',
    recipientId: student.id,
    type: NOTIFICATION_TYPES.assignments.type,
    title: 'New assignment in CSC 101: Assignment 2: Flowcharts',
    link: NOTIFICATION_TYPES.assignments.path,
  });
}
