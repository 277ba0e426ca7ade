import { LEARNERS_PAGE, STATUS, type Learner, type LearnersRoster } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { iso } from '../../platform/time.js';
import { submissionsInOffering } from '../assignments/figures.service.js';
import { readingInOffering } from '../content/figures.service.js';
import { attendanceInOffering } from '../liveclasses/figures.service.js';
import * as offerings from '../offerings/offerings.service.js';
import type { StaffCaller } from '../offerings/offerings.service.js';

const latest = (...values: (Date | string | null | undefined)[]) =>
  values
    .map((v) => iso(v))
    .filter((v): v is string => !!v)
    .sort()
    .at(-1) ?? null;

/**
 * Who takes an offering (its approved registrations) and what each has done in it: lessons opened
 * and completed, assignments submitted (late among them), live classes attended — each part read
 * through the service of the module that records it.
 */
export async function learnersRoster(
  db: Db,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
): Promise<{ Status: string; Data: LearnersRoster }> {
  const facts = await offerings.authorOffering(db, caller, courseId, sessionId, LEARNERS_PAGE);
  const roster = await offerings.roster(db, facts);
  const ids = roster.map((r) => r.studentId);
  const [reading, submissions, attendance] = await Promise.all([
    readingInOffering(db, courseId, sessionId, ids),
    submissionsInOffering(db, courseId, sessionId, ids),
    attendanceInOffering(db, courseId, sessionId, ids),
  ]);
  const byStudent = <T extends { studentId: number }>(rows: T[]) =>
    new Map(rows.map((r) => [r.studentId, r]));
  const read = byStudent(reading);
  const sent = byStudent(submissions);
  const came = byStudent(attendance);
  const learners: Learner[] = roster.map((r) => {
    const a = read.get(r.studentId);
    const s = sent.get(r.studentId);
    const c = came.get(r.studentId);
    return {
      StudentId: r.studentId,
      MatricNo: r.matricNo ?? null,
      Name: r.name,
      LessonsOpened: a?.opened ?? 0,
      LessonsCompleted: a?.completed ?? 0,
      Submissions: s?.submitted ?? 0,
      LateSubmissions: s?.late ?? 0,
      ClassesAttended: c?.attended ?? 0,
      LastActiveAt: latest(a?.lastAt, s?.lastAt, c?.lastAt),
    };
  });
  return {
    Status: STATUS.ok,
    Data: {
      CourseId: facts.courseId,
      SessionId: facts.sessionId,
      Code: facts.code,
      Title: facts.title,
      Session: facts.session,
      Learners: learners,
    },
  };
}
