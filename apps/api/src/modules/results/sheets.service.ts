import {
  RESULT_MESSAGES as M,
  STATUS,
  sheetEntry,
  type ResultSheet,
  type ResultSheetState,
  type SaveScoresInput,
  type ScoreItemColumn,
  type SheetDecisionInput,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { paged, type Exec } from '../../platform/db.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { readRows } from '../../platform/sheets.js';
import { isoRequired } from '../../platform/time.js';
import { approvedRoster, approvedRosterSizes } from '../courses/roster.service.js';
import type { GradeBand } from './arithmetic.js';
import { storeSemesterBroadsheets } from './broadsheet.js';
import * as repo from './sheets.repository.js';

/**
 * Score sheets (issue 14): the lecturer of a course enters or uploads each registered student's score
 * per score item (totals and grades are computed here, never typed), submits the sheet, and it climbs
 * the review stages (ReviewSetup) — each stage approves or returns it with a comment, conditional on
 * the version it saw. After the last stage the sheet is locked; an amendment is the next revision,
 * which climbs again while the locked one stays visible. The registry publishes a semester's approved
 * sheets into the students' results.
 */

/** The permission pages the changes are made through (audit). */
const PAGES = { upload: 'resultupload', review: 'ReviewResult', publish: 'resultSheet' } as const;
const EDITABLE: readonly ResultSheetState[] = ['draft', 'returned'];
const LOCKED: readonly ResultSheetState[] = ['approved', 'published'];

export interface Grading {
  items: ScoreItemColumn[];
  bands: GradeBand[];
}

export async function grading(db: Exec, sheet?: { schemeId: number; scaleId: number }) {
  const schemeId = sheet?.schemeId ?? (await repo.activeScheme(db))?.id;
  if (!schemeId) throw conflict(M.noScheme);
  const scaleId = sheet?.scaleId ?? (await repo.defaultScale(db))?.id;
  if (!scaleId) throw conflict(M.noScale);
  const [items, bands] = await Promise.all([repo.schemeItems(db, schemeId), repo.scaleBands(db, scaleId)]);
  return { schemeId, scaleId, items: items.map((i) => ({ Id: i.id, Name: i.name, Max: i.max })), bands };
}

/** The total, grade and point of a student's scores: null while an item has no score. */
export const computeEntry = (scores: Record<string, number | null>, g: Grading) =>
  sheetEntry(scores, g.items, g.bands);

/** Checks one student's scores against the items; returns the problem, or the scores keyed by item id. */
function checkScores(raw: Record<string, number | null>, g: Grading): string | Record<string, number | null> {
  const scores: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(raw)) {
    const item = g.items.find((i) => String(i.Id) === key);
    if (!item) return M.unknownItem(key);
    if (value !== null && (!Number.isFinite(value) || value < 0 || value > item.Max))
      return M.outOfRange(item.Name, item.Max);
    // Half marks at most: a score sheet is kept in hundredths, entered in halves.
    scores[key] = value === null ? null : Math.round(value * 100) / 100;
  }
  return scores;
}

async function courseAndSemester(db: Exec, courseId: number, semesterId: number) {
  const [course, semester] = await Promise.all([
    repo.courseById(db, courseId),
    repo.semesterById(db, semesterId),
  ]);
  if (!course || !semester) throw notFound(M.sheetNotFound);
  return { course, semester };
}

// ───────────────────────────── who may act ─────────────────────────────

interface Reviewer {
  held: repo.HeldStage[];
  holders: Awaited<ReturnType<typeof repo.stageHolders>>;
}

async function reviewerOf(db: Exec, adminId: number): Promise<Reviewer> {
  const [held, holders] = await Promise.all([repo.heldStages(db, adminId), repo.stageHolders(db)]);
  return { held, holders };
}

type Holder = { stageId: number; departmentId: number | null; facultyId: number | null };

/** Does a holder of the stage cover the course: its department (department stages), its faculty, or any (school stages)? */
const covers = (h: Holder, stage: repo.Stage, course: { departmentId: number; facultyId: number }) =>
  h.stageId === stage.id &&
  (stage.scope === 'Department'
    ? h.departmentId === null || h.departmentId === course.departmentId
    : stage.scope === 'Faculty'
      ? h.facultyId === null || h.facultyId === course.facultyId
      : true);

/**
 * May this reviewer act at the stage a sheet awaits? Where somebody holds the stage for the course
 * (its department, its faculty, or school-wide), only they; where nobody does, admins who hold no
 * stage (the registry), so a department without a named HOD is never stuck.
 */
function mayDecide(
  r: Reviewer,
  stage: repo.Stage | undefined,
  course: { departmentId: number; facultyId: number },
): boolean {
  if (!stage) return false;
  if (!r.holders.some((h) => covers(h, stage, course))) return r.held.length === 0;
  return r.held.some((h) => covers(h, stage, course));
}

// ───────────────────────────── the sheet ─────────────────────────────

export async function openSheet(
  db: Db,
  actor: AuditActor,
  q: { courseId: number; semesterId: number; revision?: number },
): Promise<ResultSheet> {
  const { course, semester } = await courseAndSemester(db, q.courseId, q.semesterId);
  const all = await repo.revisions(db, course.id, semester.id);
  const sheet = q.revision ? all.find((s) => s.revision === q.revision) : all[0];
  if (q.revision && !sheet) throw notFound(M.sheetNotFound);
  const [g, stages, lecturer, reviewer] = await Promise.all([
    grading(db, sheet),
    repo.stages(db),
    repo.lecturesCourse(db, actor.adminId, course.id, semester.sessionId),
    reviewerOf(db, actor.adminId),
  ]);
  const state: ResultSheetState = (sheet?.state as ResultSheetState | undefined) ?? 'draft';
  const editable = EDITABLE.includes(state) && (!sheet || sheet === all[0]);
  const [roster, saved, events] = await Promise.all([
    editable ? approvedRoster(db, course.id, semester.id) : Promise.resolve([]),
    sheet ? repo.entriesWithStudents(db, sheet.id) : Promise.resolve([]),
    sheet ? repo.history(db, [sheet.id]) : Promise.resolve([]),
  ]);
  const byStudent = new Map(saved.map((e) => [e.studentId, e]));
  const students = editable ? roster : saved;
  const stage = stages.find((s) => s.id === sheet?.stageId);
  return {
    Id: sheet?.id ?? null,
    CourseId: course.id,
    SemesterId: semester.id,
    Code: course.code,
    Title: course.title,
    Units: course.units,
    Department: course.department,
    Semester: semester.name,
    Revision: sheet?.revision ?? 1,
    State: state,
    Stage: stage?.name ?? null,
    Stages: ['Lecturer', ...stages.map((s) => s.name)],
    Version: sheet?.version ?? 0,
    AmendmentReason: sheet?.amendmentReason ?? null,
    Items: g.items,
    Scale: g.bands,
    Rows: students.map((s) => {
      const e = byStudent.get(s.studentId);
      return {
        StudentId: s.studentId,
        MatricNo: s.matricNo,
        Name: s.name,
        Scores: Object.fromEntries(g.items.map((i) => [String(i.Id), e?.scores[String(i.Id)] ?? null])),
        Total: e?.total ?? null,
        Grade: e?.grade ?? null,
        GradePoint: e?.gradePoint ?? null,
        Passed: e?.passed ?? null,
      };
    }),
    Revisions: all.map((s) => ({ Revision: s.revision, State: s.state as ResultSheetState })),
    History: events.map((e) => ({
      Action: e.action,
      Stage: e.stage,
      By: e.by,
      Comment: e.comment,
      At: isoRequired(e.at),
    })),
    CanEdit: editable && lecturer,
    CanDecide: state === 'in_review' && mayDecide(reviewer, stage, course),
    CanAmend: lecturer && sheet === all[0] && LOCKED.includes(state),
  };
}

/** The sheet a lecturer may change now, locked for the change (created on the first save). */
export async function editableSheet(
  tx: Exec,
  actor: AuditActor,
  courseId: number,
  semesterId: number,
  expected: number,
) {
  const { course, semester } = await courseAndSemester(tx, courseId, semesterId);
  if (!(await repo.lecturesCourse(tx, actor.adminId, course.id, semester.sessionId)))
    throw forbidden(M.notLecturer);
  const [latest] = await repo.revisions(tx, course.id, semester.id);
  let sheet = latest ? await repo.sheetById(tx, latest.id, true) : null;
  if (!sheet) {
    if (expected !== 0) throw conflict(M.stale);
    const g = await grading(tx);
    sheet = await repo.createSheet(tx, {
      courseId: course.id,
      semesterId: semester.id,
      schemeId: g.schemeId,
      scaleId: g.scaleId,
      createdBy: actor.adminId,
    });
    // Another save created it at the same moment: this one saw no sheet, so it is stale.
    if (!sheet) throw conflict(M.stale);
    await repo.addEvent(tx, { sheetId: sheet.id, action: 'created', actorId: actor.adminId });
  } else if (sheet.version !== expected) throw conflict(M.stale);
  if (!EDITABLE.includes(sheet.state as ResultSheetState))
    throw conflict(LOCKED.includes(sheet.state as ResultSheetState) ? M.locked : M.notEditable);
  return { course, semester, sheet };
}

interface ScoreLine {
  /** The file's row, or the position in the list (1-based). */
  row: number;
  matricNo: string;
  scores: Record<string, number | null>;
}
type Problem = { Row: number; MatricNo: string | null; Message: string };

/** Saves lines of scores on a sheet, all or nothing: any problem and nothing is changed. */
async function saveLines(
  db: Db,
  actor: AuditActor,
  target: { courseId: number; semesterId: number; expectedVersion: number },
  lines: ScoreLine[],
  action: 'saved' | 'uploaded',
) {
  return db.transaction(async (tx) => {
    const { course, semester, sheet } = await editableSheet(
      tx,
      actor,
      target.courseId,
      target.semesterId,
      target.expectedVersion,
    );
    const g = await grading(tx, sheet);
    const roster = new Map(
      (await approvedRoster(tx, course.id, semester.id)).map((s) => [s.matricNo.toUpperCase(), s]),
    );
    if (!roster.size) throw conflict(M.noStudents);
    const problems: Problem[] = [];
    const seen = new Set<string>();
    const values: repo.EntryInsert[] = [];
    const existing = new Map((await repo.entries(tx, sheet.id)).map((e) => [e.studentId, e.scores]));
    for (const line of lines) {
      const key = line.matricNo.trim().toUpperCase();
      const problem = (Message: string) =>
        problems.push({ Row: line.row, MatricNo: line.matricNo || null, Message });
      if (!key) {
        problem(M.noMatric);
        continue;
      }
      const student = roster.get(key);
      if (!student) {
        problem(M.notRegistered(line.matricNo, course.code));
        continue;
      }
      if (seen.has(key)) {
        problem(M.duplicateRow(line.matricNo));
        continue;
      }
      seen.add(key);
      const checked = checkScores(line.scores, g);
      if (typeof checked === 'string') {
        problem(checked);
        continue;
      }
      const scores = { ...(existing.get(student.studentId) ?? {}), ...checked };
      values.push({
        sheetId: sheet.id,
        studentId: student.studentId,
        levelId: student.levelId,
        scores: scores as Record<string, number>,
        ...computeEntry(scores, g),
      });
    }
    // All or nothing: a problem rolls back everything, the sheet's creation included.
    if (problems.length) throw problemsError(problems);
    await repo.upsertEntries(tx, values);
    const updated = await repo.updateSheet(tx, sheet.id, sheet.version, {});
    if (!updated) throw conflict(M.stale);
    await repo.addEvent(tx, {
      sheetId: sheet.id,
      action,
      actorId: actor.adminId,
      comment: `${values.length} ${values.length === 1 ? 'student' : 'students'}`,
    });
    await audit(tx, {
      actor,
      page: PAGES.upload,
      action: action === 'saved' ? 'save_scores' : 'upload_scores',
      entity: 'result_sheet',
      entityId: sheet.id,
      after: { course: course.code, semester: semester.name, students: values.length },
    });
    return { version: updated.version, saved: values.length };
  });
}

export async function saveScores(db: Db, actor: AuditActor, input: SaveScoresInput) {
  const result = await saveLines(
    db,
    actor,
    { courseId: input.CourseId, semesterId: input.SemesterId, expectedVersion: input.ExpectedVersion },
    input.Rows.map((r, i) => ({ row: i + 1, matricNo: r.MatricNo, scores: r.Scores })),
    'saved',
  );
  return {
    Status: STATUS.ok,
    Message: M.saved,
    Data: { Saved: result.saved, Problems: [], Version: result.version },
  };
}

function problemsError(problems: Problem[]) {
  return new AppError(
    400,
    problems.length === 1
      ? `${rowLabel(problems[0]!)}: ${problems[0]!.Message} Nothing was saved.`
      : `${problems.length} rows have problems. Nothing was saved.`,
    STATUS.invalid,
    {},
    problems.map((p) => ({ path: rowLabel(p), message: p.Message })),
  );
}
const rowLabel = (p: Problem) => `Row ${p.Row}${p.MatricNo ? ` (${p.MatricNo})` : ''}`;

/** The heading of a score item's column in the template and the file read back: "CA 1 (30)". */
const itemHeading = (i: ScoreItemColumn) => `${i.Name} (${i.Max})`;
const normalise = (text: unknown) =>
  String(text ?? '')
    .replace(/\(.*\)/, '')
    .trim()
    .toLowerCase();

/** Reads an uploaded score sheet (CSV or XLSX, streamed): a matric number column and one column per score item. */
export async function uploadScores(
  db: Db,
  actor: AuditActor,
  target: { courseId: number; semesterId: number; expectedVersion: number },
  file: { filePath: string; format: 'csv' | 'xlsx' },
) {
  const sheet = (await repo.revisions(db, target.courseId, target.semesterId))[0];
  const g = await grading(db, sheet);
  let columns: { matric: number; items: Map<number, number> } | null = null;
  const lines: ScoreLine[] = [];
  const problems: Problem[] = [];
  for await (const { row, cells } of readRows(file.filePath, file.format)) {
    if (!columns) {
      const headings = cells.map(normalise);
      const matric = headings.findIndex((h) => h.startsWith('matric'));
      if (matric < 0) throw badRequest('The file needs a "Matric Number" column. Download the template.');
      const items = new Map<number, number>();
      for (const item of g.items) {
        const at = headings.indexOf(item.Name.toLowerCase());
        if (at < 0)
          throw badRequest(`The file needs a "${itemHeading(item)}" column. Download the template.`);
        items.set(item.Id, at);
      }
      columns = { matric, items };
      continue;
    }
    if (lines.length + problems.length >= 5000)
      throw badRequest('A score sheet holds at most 5,000 students.');
    const matricNo = String(cells[columns.matric] ?? '').trim();
    const scores: Record<string, number | null> = {};
    let bad: string | null = null;
    for (const item of g.items) {
      const cell = cells[columns.items.get(item.Id)!];
      const text = cell === null || cell === undefined ? '' : String(cell).trim();
      if (text === '') scores[String(item.Id)] = null;
      else if (!/^\d+(\.\d+)?$/.test(text)) bad ??= M.notANumber(item.Name);
      else scores[String(item.Id)] = Number(text);
    }
    if (bad) problems.push({ Row: row, MatricNo: matricNo || null, Message: bad });
    else lines.push({ row, matricNo, scores });
  }
  if (!columns || (!lines.length && !problems.length)) throw badRequest(M.noRows);
  if (problems.length) throw problemsError(problems);
  const result = await saveLines(db, actor, target, lines, 'uploaded');
  return {
    Status: STATUS.ok,
    Message: M.uploaded(result.saved),
    Data: { Saved: result.saved, Problems: [], Version: result.version },
  };
}

/** The template of a course's score sheet: every registered student with the score items' columns (and any saved scores). */
export async function sheetTemplate(db: Db, actor: AuditActor, q: { courseId: number; semesterId: number }) {
  const sheet = await openSheet(db, actor, q);
  return {
    fileName: `${sheet.Code.replace(/\s+/g, '')}-scores`,
    columns: [
      { header: 'Matric Number', cell: (r: ResultSheet['Rows'][number]) => r.MatricNo },
      { header: 'Name', cell: (r: ResultSheet['Rows'][number]) => r.Name },
      ...sheet.Items.map((i) => ({
        header: itemHeading(i),
        cell: (r: ResultSheet['Rows'][number]) => r.Scores[String(i.Id)] ?? null,
      })),
    ],
    rows: sheet.Rows,
  };
}

// ───────────────────────────── the chain ─────────────────────────────

export async function submitSheet(db: Db, actor: AuditActor, sheetId: number, expectedVersion: number) {
  return db.transaction(async (tx) => {
    const current = await repo.sheetById(tx, sheetId, true);
    if (!current) throw notFound(M.sheetNotFound);
    const { sheet, course, semester } = await editableSheet(
      tx,
      actor,
      current.courseId,
      current.semesterId,
      expectedVersion,
    );
    const stages = await repo.stages(tx);
    if (!stages.length) throw conflict(M.noStages);
    const [roster, saved] = await Promise.all([
      approvedRoster(tx, course.id, semester.id),
      repo.entries(tx, sheet.id),
    ]);
    const complete = new Set(saved.filter((e) => e.total !== null).map((e) => e.studentId));
    const missing = roster.filter((s) => !complete.has(s.studentId)).length;
    if (!roster.length) throw conflict(M.noStudents);
    if (missing) throw conflict(M.incomplete(missing));
    // Students who left the course since their scores were saved are not on the submitted sheet.
    await repo.removeEntriesExcept(
      tx,
      sheet.id,
      roster.map((s) => s.studentId),
    );
    const updated = await repo.updateSheet(tx, sheet.id, sheet.version, {
      state: 'in_review',
      stageId: stages[0]!.id,
      submittedAt: new Date(),
    });
    if (!updated) throw conflict(M.stale);
    await repo.addEvent(tx, {
      sheetId: sheet.id,
      action: 'submitted',
      stage: 'Lecturer',
      actorId: actor.adminId,
    });
    await audit(tx, {
      actor,
      page: PAGES.upload,
      action: 'submit',
      entity: 'result_sheet',
      entityId: sheet.id,
      after: { course: course.code, semester: semester.name, revision: sheet.revision },
    });
    return { Status: STATUS.ok, Message: M.submitted, Data: { Version: updated.version } };
  });
}

export async function decideSheet(db: Db, actor: AuditActor, sheetId: number, input: SheetDecisionInput) {
  if (input.Decision === 'return' && !input.Comment) throw badRequest(M.commentRequired);
  return db.transaction(async (tx) => {
    const sheet = await repo.sheetById(tx, sheetId, true);
    if (!sheet) throw notFound(M.sheetNotFound);
    if (sheet.version !== input.ExpectedVersion) throw conflict(M.stale);
    if (sheet.state !== 'in_review') throw conflict(M.notAwaitingYou);
    const [course, stages, reviewer] = await Promise.all([
      repo.courseById(tx, sheet.courseId),
      repo.stages(tx),
      reviewerOf(tx, actor.adminId),
    ]);
    const at = stages.findIndex((s) => s.id === sheet.stageId);
    const stage = stages[at];
    if (!course || !mayDecide(reviewer, stage, course)) throw forbidden(M.notAwaitingYou);
    const next = stages[at + 1];
    const now = new Date();
    const set =
      input.Decision === 'return'
        ? { state: 'returned', stageId: null }
        : next
          ? { stageId: next.id }
          : { state: 'approved', stageId: null, approvedAt: now };
    const updated = await repo.updateSheet(tx, sheet.id, sheet.version, set);
    if (!updated) throw conflict(M.stale);
    const action = input.Decision === 'return' ? 'returned' : 'approved';
    await repo.addEvent(tx, {
      sheetId: sheet.id,
      action,
      stage: stage!.name,
      actorId: actor.adminId,
      comment: input.Comment || null,
      at: now,
    });
    await audit(tx, {
      actor,
      page: PAGES.review,
      action: input.Decision,
      entity: 'result_sheet',
      entityId: sheet.id,
      before: { state: sheet.state, stage: stage!.name, version: sheet.version },
      after: {
        state: updated.state,
        stage: next && input.Decision === 'approve' ? next.name : null,
        comment: input.Comment || null,
      },
    });
    return {
      Status: STATUS.ok,
      Message: input.Decision === 'return' ? M.returned : next ? M.approved(stage!.name) : M.lockedAtLast,
      Data: { Version: updated.version, State: updated.state as ResultSheetState },
    };
  });
}

/** Opens an amendment of a locked sheet: the next revision, with the locked scores to correct. */
export async function amendSheet(db: Db, actor: AuditActor, sheetId: number, reason: string) {
  return db.transaction(async (tx) => {
    const sheet = await repo.sheetById(tx, sheetId, true);
    if (!sheet) throw notFound(M.sheetNotFound);
    const semester = await repo.semesterById(tx, sheet.semesterId);
    if (!(await repo.lecturesCourse(tx, actor.adminId, sheet.courseId, semester!.sessionId)))
      throw forbidden(M.notLecturer);
    if (!LOCKED.includes(sheet.state as ResultSheetState)) throw conflict(M.notLocked);
    const [latest] = await repo.revisions(tx, sheet.courseId, sheet.semesterId);
    if (latest!.id !== sheet.id) throw conflict(M.amendmentOpen);
    const amendment = await repo.createSheet(tx, {
      courseId: sheet.courseId,
      semesterId: sheet.semesterId,
      revision: sheet.revision + 1,
      schemeId: sheet.schemeId,
      scaleId: sheet.scaleId,
      amendmentReason: reason,
      createdBy: actor.adminId,
    });
    if (!amendment) throw conflict(M.amendmentOpen);
    await repo.copyEntries(tx, sheet.id, amendment.id);
    await repo.addEvent(tx, {
      sheetId: amendment.id,
      action: 'amendment_opened',
      actorId: actor.adminId,
      comment: reason,
    });
    await audit(tx, {
      actor,
      page: PAGES.upload,
      action: 'amend',
      entity: 'result_sheet',
      entityId: amendment.id,
      before: { sheet: sheet.id, revision: sheet.revision },
      after: { revision: amendment.revision, reason },
    });
    return { Status: STATUS.ok, Message: M.amendmentOpened, Data: { Revision: amendment.revision } };
  });
}

/** The sheets awaiting a stage the reviewer may act at. */
export async function reviewQueue(
  db: Db,
  actor: AuditActor,
  q: { semesterId?: number; page: number; pageSize: number },
) {
  const [rows, stages, reviewer] = await Promise.all([
    repo.sheetsInReview(db, q.semesterId),
    repo.stages(db),
    reviewerOf(db, actor.adminId),
  ]);
  const mine = rows
    .map((r) => ({ r, stage: stages.find((s) => s.id === r.sheet.stageId) }))
    .filter(({ r, stage }) => mayDecide(reviewer, stage, r));
  const data = mine.slice((q.page - 1) * q.pageSize, q.page * q.pageSize).map(({ r, stage }) => ({
    SheetId: r.sheet.id,
    CourseId: r.sheet.courseId,
    SemesterId: r.sheet.semesterId,
    Code: r.code,
    Title: r.title,
    Department: r.department,
    Semester: r.semester,
    Revision: r.sheet.revision,
    Stage: stage!.name,
    Students: r.students,
    SubmittedAt: r.sheet.submittedAt ? isoRequired(r.sheet.submittedAt) : null,
  }));
  return paged(data, q.page, q.pageSize, mine.length, 'No score sheet awaits you.');
}

/**
 * A lecturer's work for the staff home page: the sheets of the courses they lecture this session,
 * with how many are to be filled (students registered, not yet submitted) or were returned.
 */
export async function lecturerWork(db: Db, adminId: number) {
  const lectured = await repo.lecturedInCurrentSession(db, adminId);
  const semesterIds = [...new Set(lectured.map((l) => l.semesterId))];
  const bySemester = new Map(
    await Promise.all(
      semesterIds.map(async (id) => {
        const ids = lectured.filter((l) => l.semesterId === id).map((l) => l.courseId);
        const [sizes, latest] = await Promise.all([
          approvedRosterSizes(db, id),
          repo.latestSheets(db, id, ids),
        ]);
        return [id, { sizes, latest }] as const;
      }),
    ),
  );
  const sheets = lectured.map((l) => {
    const { sizes, latest } = bySemester.get(l.semesterId)!;
    const sheet = latest.find((s) => s.courseId === l.courseId);
    return {
      SemesterId: l.semesterId,
      Semester: l.semester,
      CourseId: l.courseId,
      Code: l.code,
      Title: l.title,
      Students: sizes.get(l.courseId) ?? 0,
      State: (sheet?.state as ResultSheetState | undefined) ?? null,
    };
  });
  return {
    ToFill: sheets.filter((s) => s.Students > 0 && (s.State === null || s.State === 'draft')).length,
    Returned: sheets.filter((s) => s.State === 'returned').length,
    Sheets: sheets,
  };
}

/** A reviewer's work for the staff home page: how many sheets await them, and the first few. */
export async function reviewWork(db: Db, actor: AuditActor) {
  const queue = await reviewQueue(db, actor, { page: 1, pageSize: 5 });
  return {
    Awaiting: queue.Total,
    Sheets: queue.Data.map((r) => ({
      SheetId: r.SheetId,
      CourseId: r.CourseId,
      SemesterId: r.SemesterId,
      Code: r.Code,
      Title: r.Title,
      Semester: r.Semester,
      Stage: r.Stage,
    })),
  };
}

/** The courses of a semester with their sheets: the lecturer's own (resultupload), or every course with students (marksheet). */
export async function sheetCourses(
  db: Db,
  actor: AuditActor,
  q: { semesterId: number; mine: 'true' | 'false'; search?: string; page: number; pageSize: number },
) {
  const semester = await repo.semesterById(db, q.semesterId);
  if (!semester) throw notFound(M.sheetNotFound);
  const [sizes, latest, stages] = await Promise.all([
    approvedRosterSizes(db, semester.id),
    repo.latestSheets(db, semester.id),
    repo.stages(db),
  ]);
  const ids =
    q.mine === 'true'
      ? await repo.lecturedCourseIds(db, actor.adminId, semester.sessionId)
      : [...new Set([...sizes.keys(), ...latest.map((s) => s.courseId)])];
  const { rows, total } = await repo.coursesOfTerm(
    db,
    { term: semester.term, ids, search: q.search || undefined },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  const data = rows.map((c) => {
    const sheet = latest.find((s) => s.courseId === c.id);
    return {
      CourseId: c.id,
      Code: c.code,
      Title: c.title,
      Units: c.units,
      Department: c.department,
      Registered: sizes.get(c.id) ?? 0,
      State: (sheet?.state as ResultSheetState | undefined) ?? null,
      Revision: sheet?.revision ?? null,
      Stage: stages.find((s) => s.id === sheet?.stageId)?.name ?? null,
    };
  });
  return paged(
    data,
    q.page,
    q.pageSize,
    total,
    q.mine === 'true'
      ? 'You are not a lecturer of any course this semester.'
      : 'No course has registered students.',
  );
}

// ───────────────────────────── publication ─────────────────────────────

export async function publicationState(db: Db, semesterId: number) {
  const semester = await repo.semesterById(db, semesterId);
  if (!semester) throw notFound(M.sheetNotFound);
  const [sizes, { counts, courseIds }] = await Promise.all([
    approvedRosterSizes(db, semesterId),
    repo.sheetStateCounts(db, semesterId),
  ]);
  const n = (s: string) => counts.get(s) ?? 0;
  return {
    Status: STATUS.ok,
    Data: {
      Semester: semester.name,
      Courses: sizes.size,
      NoSheet: [...sizes.keys()].filter((id) => !courseIds.has(id)).length,
      InProgress: n('draft') + n('returned') + n('in_review'),
      Approved: n('approved'),
      Published: n('published'),
    },
  };
}

export async function publish(db: Db, actor: AuditActor, semesterId: number) {
  const semester = await repo.semesterById(db, semesterId);
  if (!semester) throw notFound(M.sheetNotFound);
  const answer = await db.transaction(async (tx) => {
    const ids = await repo.publishSemester(tx, semesterId, new Date());
    if (!ids.length) throw conflict(M.nothingToPublish);
    for (const id of ids)
      await repo.addEvent(tx, { sheetId: id, action: 'published', actorId: actor.adminId });
    await audit(tx, {
      actor,
      page: PAGES.publish,
      action: 'publish',
      entity: 'result_sheets',
      entityId: semesterId,
      after: { semester: semester.name, sheets: ids },
    });
    return { Status: STATUS.ok, Message: M.published(ids.length), Data: { Published: ids.length } };
  });
  // Stored once now, after the commit (a long computation must not hold the publication's locks);
  // a reader arriving first computes and stores the same.
  await storeSemesterBroadsheets(db, semesterId);
  return answer;
}
