import { OFFERING_MESSAGES, STATUS, TEACHING_PAGES, type Instructor } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { teachingActions } from '../admin/teaching-audit.service.js';
import { setAndGradedBy } from '../assignments/figures.service.js';
import { publishedBy } from '../content/figures.service.js';
import { heldBy } from '../liveclasses/figures.service.js';
import * as offerings from '../offerings/offerings.service.js';
import { sheetsSubmittedBy } from '../results/figures.service.js';
import * as repo from './instructors.repository.js';

const counts = (rows: { adminId: number | null; count: number }[]) =>
  new Map(rows.map((r) => [r.adminId, r.count] as const));

/**
 * The lecturers of a session (the current one by default) with their offerings and their teaching:
 * lessons published, assignments set, submissions graded, classes held, score sheets submitted —
 * each counted by the module that records it.
 */
export async function instructors(
  db: Db,
  q: { page: number; pageSize: number; search?: string; sessionId?: number },
) {
  const sessionId = q.sessionId ?? (await offerings.currentSessionId(db));
  const { rows, total } = sessionId
    ? await repo.lecturersOfSession(db, {
        sessionId,
        search: q.search || undefined,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      })
    : { rows: [], total: 0 };
  const ids = rows.map((r) => r.adminId).filter((id): id is number => id !== null);
  const [content, assignments, classes, sheets] = await Promise.all([
    publishedBy(db, ids),
    setAndGradedBy(db, ids),
    heldBy(db, ids),
    sheetsSubmittedBy(db, ids),
  ]);
  const published = counts(content);
  const set = counts(assignments.set);
  const graded = counts(assignments.graded);
  const held = counts(classes);
  const submitted = counts(sheets);
  const of = (map: Map<number | null, number>, id: number | null) => (id === null ? 0 : (map.get(id) ?? 0));
  const data: Instructor[] = rows.map((r) => ({
    StaffId: r.staffId,
    AdminId: r.adminId,
    Name: r.name,
    Email: r.email,
    Session: r.session,
    Offerings: [...r.offerings].sort((a, b) => a.Code.localeCompare(b.Code)),
    ContentPublished: of(published, r.adminId),
    AssignmentsSet: of(set, r.adminId),
    SubmissionsGraded: of(graded, r.adminId),
    ClassesHeld: of(held, r.adminId),
    ScoreSheetsSubmitted: of(submitted, r.adminId),
  }));
  return { Status: STATUS.ok, Data: data, Page: q.page, PageSize: q.pageSize, Total: total };
}

/** A lecturer's teaching trail (the audit log through the teaching pages), newest first. */
export async function instructorAudit(
  db: Db,
  q: { adminId: number; pageName?: (typeof TEACHING_PAGES)[number]; page: number; pageSize: number },
) {
  if (!(await repo.isLecturer(db, q.adminId))) throw notFound(OFFERING_MESSAGES.lecturerNotFound);
  const { rows, total } = await teachingActions(
    db,
    q.adminId,
    q.pageName ? [q.pageName] : TEACHING_PAGES,
    q.page,
    q.pageSize,
  );
  return { Status: STATUS.ok, Data: rows, Page: q.page, PageSize: q.pageSize, Total: total };
}
