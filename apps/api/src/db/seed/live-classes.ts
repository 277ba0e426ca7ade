import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  academicSessions,
  admins,
  courses,
  liveClassAttendance,
  liveClasses,
  students,
} from '../schema/index.js';
import { CONTENT_REVIEWER_ROLE, STUDENT5 } from './course-content.js';
import { DEMO_SESSION, grantPage } from './demo.js';
import { LECTURER_ROLE } from './results.js';

const MINUTE = 60_000;
/** The sandbox engine's playback of the demo recording (served whatever recording id it is asked for). */
const DEMO_RECORDING = 'demo-csc101-introduction';

/**
 * Live classes' demo data (issue 26), dated from the day the database is seeded:
 * - the Lecturer role gains `LiveClassroom`; the Content Reviewer role gains `classroomReview`;
 * - CSC 101 of 2024/2025: a class tomorrow at 10:00 (Lagos) by lecturer@demo.edu.ng; a class running
 *   now on the sandbox engine, started by the e-learning administrator admin@demo.edu.ng (so the
 *   lecturer's own timetable is free to schedule and start a class now); a past class of a week ago
 *   with its attendance (the lecturer 60 minutes, DIT/2024/0005 48) and a recording.
 * Idempotent: the classes are made only when CSC 101 has none.
 */
export async function seedLiveClasses(db: Db): Promise<void> {
  await grantPage(db, LECTURER_ROLE, 'LiveClassroom');
  await grantPage(db, CONTENT_REVIEWER_ROLE, 'classroomReview');
  const [course] = await db.select().from(courses).where(eq(courses.code, 'CSC 101'));
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, DEMO_SESSION));
  const people = await db
    .select({ id: admins.id, email: admins.email, firstName: admins.firstName, lastName: admins.lastName })
    .from(admins)
    .where(inArray(admins.email, ['lecturer@demo.edu.ng', 'admin@demo.edu.ng']));
  const lecturer = people.find((p) => p.email === 'lecturer@demo.edu.ng');
  const administrator = people.find((p) => p.email === 'admin@demo.edu.ng');
  const [student] = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(eq(students.matricNo, STUDENT5.matricNo));
  if (!course || !session || !lecturer || !administrator || !student) return;
  const [existing] = await db
    .select({ id: liveClasses.id })
    .from(liveClasses)
    .where(and(eq(liveClasses.courseId, course.id), eq(liveClasses.sessionId, session.id)))
    .limit(1);
  if (existing) return;

  const now = Date.now();
  // Tomorrow at 10:00 in Lagos (UTC+1): 09:00 UTC.
  const tomorrow = new Date(now + 24 * 60 * MINUTE);
  tomorrow.setUTCHours(9, 0, 0, 0);
  const running = new Date(now - 10 * MINUTE);
  const past = new Date(now - 7 * 24 * 60 * MINUTE);
  past.setUTCHours(9, 0, 0, 0);
  const offering = { courseId: course.id, sessionId: session.id };

  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(liveClasses)
      .values([
        {
          ...offering,
          lecturerId: lecturer.id,
          title: 'Number systems and binary arithmetic',
          startsAt: tomorrow,
          durationMinutes: 60,
          record: true,
          meetingId: `lc-${randomUUID()}`,
        },
        {
          ...offering,
          lecturerId: administrator.id,
          title: 'Office hour: questions on the first assignment',
          startsAt: running,
          durationMinutes: 90,
          record: false,
          meetingId: `lc-${randomUUID()}`,
          startedAt: running,
          remindedAt: running,
        },
        {
          ...offering,
          lecturerId: lecturer.id,
          title: 'Introduction: what is a computer?',
          startsAt: past,
          durationMinutes: 60,
          record: true,
          meetingId: `lc-${randomUUID()}`,
          startedAt: past,
          endedAt: new Date(past.getTime() + 60 * MINUTE),
          remindedAt: past,
          recordingId: DEMO_RECORDING,
          recordingUrl: `/api/sandbox/bbb/playback/${DEMO_RECORDING}`,
          recordingFileUrl: `/api/sandbox/bbb/playback/${DEMO_RECORDING}/audio.wav`,
          recordingReadyAt: new Date(past.getTime() + 75 * MINUTE),
        },
      ])
      .returning({ id: liveClasses.id });
    const pastId = rows[2]!.id;
    const at = (minutes: number) => new Date(past.getTime() + minutes * MINUTE);
    await tx.insert(liveClassAttendance).values([
      {
        classId: pastId,
        userKind: 'Admin',
        userId: lecturer.id,
        fullName: `${lecturer.lastName} ${lecturer.firstName}`,
        joinedAt: at(0),
        leftAt: at(60),
        seenAt: at(60),
      },
      {
        classId: pastId,
        userKind: 'Student',
        userId: student.id,
        fullName: `${student.lastName} ${student.firstName}`,
        joinedAt: at(2),
        leftAt: at(30),
        seenAt: at(30),
      },
      {
        classId: pastId,
        userKind: 'Student',
        userId: student.id,
        fullName: `${student.lastName} ${student.firstName}`,
        joinedAt: at(32),
        leftAt: at(52),
        seenAt: at(52),
      },
    ]);
  });
}
