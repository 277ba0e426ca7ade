import {
  LEARNERS_PAGE,
  STATUS,
  type AuditorInput,
  type Learner,
  type LearnersRosterResponse,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { iso } from '../../platform/time.js';
import { submissionsInOffering } from '../assignments/figures.service.js';
import { satInOffering } from '../cbt/figures.service.js';
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
 * A page of who takes an offering — its approved registrations, then the students auditing it —
 * searched by matric number or name, and what each on the page has done in it: lessons opened and
 * completed, assignments submitted (late among them), live classes attended, exams sat, each part read through
 * the service of the module that records it, for the page's learners only.
 */
export async function learnersRoster(
  db: Db,
  caller: StaffCaller,
  q: { courseId: number; sessionId: number; page: number; pageSize: number; search?: string },
): Promise<LearnersRosterResponse> {
  const facts = await offerings.authorOffering(db, caller, q.courseId, q.sessionId, LEARNERS_PAGE);
  const [{ rows, total }, counts] = await Promise.all([
    offerings.rosterPage(db, facts, {
      search: q.search || undefined,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
    offerings.takerCounts(db, facts),
  ]);
  const ids = rows.map((r) => r.studentId);
  const [reading, submissions, attendance, exams] = ids.length
    ? await Promise.all([
        readingInOffering(db, q.courseId, q.sessionId, ids),
        submissionsInOffering(db, q.courseId, q.sessionId, ids),
        attendanceInOffering(db, q.courseId, q.sessionId, ids),
        satInOffering(db, q.courseId, q.sessionId, ids),
      ])
    : [[], [], [], []];
  const byStudent = <T extends { studentId: number }>(list: T[]) =>
    new Map(list.map((r) => [r.studentId, r]));
  const read = byStudent(reading);
  const sent = byStudent(submissions);
  const came = byStudent(attendance);
  const sat = byStudent(exams);
  const learners: Learner[] = rows.map((r) => {
    const a = read.get(r.studentId);
    const s = sent.get(r.studentId);
    const c = came.get(r.studentId);
    const e = sat.get(r.studentId);
    return {
      StudentId: r.studentId,
      MatricNo: r.matricNo ?? null,
      Name: r.name,
      Enrolment: r.auditing ? 'auditing' : 'registered',
      Reason: r.reason,
      AddedAt: iso(r.addedAt),
      LessonsOpened: a?.opened ?? 0,
      LessonsCompleted: a?.completed ?? 0,
      Submissions: s?.submitted ?? 0,
      LateSubmissions: s?.late ?? 0,
      ClassesAttended: c?.attended ?? 0,
      ExamsSat: e?.sat ?? 0,
      LastActiveAt: latest(a?.lastAt, s?.lastAt, c?.lastAt, e?.lastAt),
    };
  });
  return {
    Status: STATUS.ok,
    Data: learners,
    Page: q.page,
    PageSize: q.pageSize,
    Total: total,
    Offering: {
      CourseId: facts.courseId,
      SessionId: facts.sessionId,
      Code: facts.code,
      Title: facts.title,
      Session: facts.session,
      Registered: counts.registered,
      Auditing: counts.auditing,
    },
  };
}

/** Enrols a student by hand to audit an offering the caller may manage on the learners' page; audited. */
export async function addAuditor(db: Db, caller: StaffCaller, input: AuditorInput) {
  const facts = await offerings.authorOffering(db, caller, input.CourseId, input.SessionId, LEARNERS_PAGE);
  return offerings.addAuditor(db, caller, facts, input, LEARNERS_PAGE);
}

/** Ends a student's audit enrolment in an offering the caller may manage on the learners' page; audited. */
export async function removeAuditor(
  db: Db,
  caller: StaffCaller,
  q: { courseId: number; sessionId: number; matricNo: string },
) {
  const facts = await offerings.authorOffering(db, caller, q.courseId, q.sessionId, LEARNERS_PAGE);
  return offerings.removeAuditor(db, caller, facts, q.matricNo, LEARNERS_PAGE);
}
