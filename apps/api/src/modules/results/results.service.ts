import { createHash } from 'node:crypto';
import { RESULT_MESSAGES as M, STATUS, type StudentResults } from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import type { Exec } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail.js';
import type { FileStorage } from '../../platform/storage.js';
import { isoRequired } from '../../platform/time.js';
import { ownStudentId } from '../students/students.service.js';
import * as repo from './results.repository.js';
import { resultsOf, standingOf } from './standing.service.js';

export { resultsOf, semestersOf } from './standing.service.js';

/**
 * A student's published results per semester, each with its GPA and the CGPA so far (a retaken
 * course counted by its latest attempt), the class of degree on the school's default scale, and the
 * carry-overs — for the student (`Result`), the registry (`viewResult`) and the documents issued
 * from them (report card, transcript), whose QR codes open a public page that says whether the
 * document still matches the published results.
 */

export interface ResultsDeps {
  db: Db;
  storage: FileStorage;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'SESSION_TTL' | 'DATA_DIR'>;
}

/** GET /api/student/results: the signed-in student's results, with their queries on them. */
export async function studentResults(db: Db, auth: AuthContext | null) {
  const studentId = ownStudentId(auth);
  // The results with their queries in one query; the grade scale's classes and the rule are reference data.
  const [rows, classes, rule] = await Promise.all([
    repo.publishedResultsWithQueries(db, studentId),
    repo.defaultDegreeClasses(db),
    repo.retakeRule(db),
  ]);
  const data = standingOf(rows, classes, rule);
  const byResult = new Map(rows.flatMap((r) => (r.query ? [[r.resultId, r.query] as const] : [])));
  for (const semester of data.Semesters)
    for (const course of semester.Courses) {
      const q = byResult.get(course.ResultId);
      course.Query = q
        ? {
            Reason: q.reason,
            Answer: q.answer,
            CreatedAt: isoRequired(q.createdAt),
            AnsweredAt: q.answeredAt ? isoRequired(q.answeredAt) : null,
          }
        : null;
    }
  return { Status: STATUS.ok, Data: data };
}

/** GET /api/admin/results/students/:matricNo (viewResult): any student's published results. */
export async function viewStudentResults(db: Db, matricNo: string) {
  const student = await repo.studentSummary(db, { matricNo });
  if (!student) throw notFound(M.studentNotFound);
  return {
    Status: STATUS.ok,
    Data: {
      MatricNo: student.matricNo,
      Name: student.name,
      Department: student.department,
      Level: student.level,
      Results: await resultsOf(db, student.id),
    },
  };
}

// ───────────────────────────── documents ─────────────────────────────

/** The fingerprint of what a document shows: a later publication or amendment changes it. */
export function digestOf(results: StudentResults, semesterId: number | null): string {
  const shown = results.Semesters.filter((s) => semesterId === null || s.SemesterId === semesterId);
  const text = JSON.stringify(
    shown.map((s) => [s.SemesterId, s.Courses.map((c) => [c.Code, c.Score, c.Grade])]),
  );
  return createHash('sha256').update(text).digest('hex');
}

export type DocumentKind = 'report_card' | 'transcript';

/**
 * The document for a student's results as they stand: the one already issued for the same results,
 * or a new one with its own unguessable id.
 */
export async function issueDocument(
  db: Exec,
  studentId: number,
  kind: DocumentKind,
  semesterId: number | null,
  results: StudentResults,
) {
  const digest = digestOf(results, semesterId);
  return (
    (await repo.sameDocument(db, { studentId, kind, semesterId, digest })) ??
    repo.insertDocument(db, { publicId: newPublicId(), studentId, kind, semesterId, digest })
  );
}

/**
 * GET /api/results/verify?id (public): what a report card's or transcript's QR code opens — the
 * results it showed as they stand now, and whether it is still current. A transcript recipient's link
 * (`r`) records the first opening, which the student sees.
 */
export async function verifyDocument(db: Db, publicId: string, requestId?: number) {
  const document = await repo.findDocument(db, publicId);
  if (!document) throw notFound(M.documentNotFound);
  const [student, results] = await Promise.all([
    repo.studentSummary(db, { id: document.studentId }),
    resultsOf(db, document.studentId),
  ]);
  if (!student) throw notFound(M.documentNotFound);
  if (requestId !== undefined) await repo.markOpened(db, requestId, document.id);
  const shown =
    document.semesterId === null
      ? results
      : { ...results, Semesters: results.Semesters.filter((s) => s.SemesterId === document.semesterId) };
  return {
    Status: STATUS.ok,
    Data: {
      Kind: document.kind as DocumentKind,
      MatricNo: student.matricNo,
      Name: student.name,
      Department: student.department,
      Programme: student.programme,
      IssuedAt: isoRequired(document.issuedAt),
      Current: digestOf(results, document.semesterId) === document.digest,
      Results: shown,
    },
  };
}
