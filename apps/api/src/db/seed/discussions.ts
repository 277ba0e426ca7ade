import { and, eq } from 'drizzle-orm';
import { DISCUSSION_PAGES, DISCUSSION_STUDENT_PAGE, adminPagePath } from '@portal/contracts';
import type { Db } from '../client.js';
import {
  academicSessions,
  admins,
  courses,
  discussionPosts,
  discussionThreads,
  discussionTypes,
  students,
} from '../schema/index.js';
import { publish } from '../../modules/notifications/notifications.service.js';
import { STUDENT5 } from './course-content.js';
import { DEMO_SESSION, grantPage } from './demo.js';
import { LECTURER_ROLE } from './results.js';

/**
 * Discussions' demo data (issue 25):
 * - the Lecturer role gains `learningdiscussion` (lecturers take part in their courses' discussions);
 * - in CSC 101 of 2024/2025: DIT/2024/0005's question "Is a calculator a computer?" with two replies —
 *   lecturer@demo.edu.ng's (marked as the answer) and the student's thanks;
 * - an unread learning-discussion item (type 5) for DIT/2024/0005 from the lecturer's reply, and one
 *   for the lecturer from the student's.
 * Idempotent: the thread only when CSC 101 has no learning discussion yet.
 */
export async function seedDiscussions(db: Db): Promise<void> {
  await grantPage(db, LECTURER_ROLE, DISCUSSION_PAGES.learning);

  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.code, 'CSC 101'));
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.name, DEMO_SESSION));
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.matricNo, STUDENT5.matricNo));
  const [lecturer] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.email, 'lecturer@demo.edu.ng'));
  const [question] = await db
    .select({ id: discussionTypes.id })
    .from(discussionTypes)
    .where(eq(discussionTypes.name, 'Question'));
  if (!course || !session || !student || !lecturer || !question) return;
  const offering = { courseId: course.id, sessionId: session.id };
  const [existing] = await db
    .select({ id: discussionThreads.id })
    .from(discussionThreads)
    .where(
      and(
        eq(discussionThreads.kind, 'learning'),
        eq(discussionThreads.courseId, offering.courseId),
        eq(discussionThreads.sessionId, offering.sessionId),
      ),
    );
  if (existing) return;

  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const title = 'Is a calculator a computer?';
  await db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(discussionThreads)
      .values({
        kind: 'learning',
        ...offering,
        typeId: question.id,
        title,
        authorKind: 'Student',
        authorId: student.id,
        replyCount: 2,
        createdAt: at(180),
        lastActivityAt: at(60),
      })
      .returning({ id: discussionThreads.id });
    const threadId = thread!.id;
    const [, answer] = await tx
      .insert(discussionPosts)
      .values([
        {
          threadId,
          opening: true,
          body: '<p>Lecture 1 says a computer takes input, processes it and gives output. A calculator does that too — is it a computer?</p>',
          authorKind: 'Student',
          authorId: student.id,
          createdAt: at(180),
        },
        {
          threadId,
          body: '<p>Good question. A basic calculator runs one fixed program; a computer can be <strong>programmed</strong> to run any. So a calculator is a special-purpose computer.</p>',
          authorKind: 'Admin',
          authorId: lecturer.id,
          createdAt: at(120),
        },
        {
          threadId,
          body: '<p>Thank you, sir — that makes sense.</p>',
          authorKind: 'Student',
          authorId: student.id,
          createdAt: at(60),
        },
      ])
      .returning({ id: discussionPosts.id });
    await tx
      .update(discussionThreads)
      .set({ answerPostId: answer!.id })
      .where(eq(discussionThreads.id, threadId));
    await publish(tx, {
      type: 'learningDiscussion',
      recipientKind: 'Student',
      recipientIds: [student.id],
      title: `CSC 101: ${title}`,
      link: `${DISCUSSION_STUDENT_PAGE}?thread=${threadId}`,
    });
    await publish(tx, {
      type: 'learningDiscussion',
      recipientKind: 'Admin',
      recipientIds: [lecturer.id],
      title: `CSC 101: ${title}`,
      link: `${adminPagePath(DISCUSSION_PAGES.learning)}?thread=${threadId}`,
    });
  });
}
