import { RESULT_MESSAGES as M, STATUS, type BroadsheetRow } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Exec } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { createPdf, loadInstitution } from '../../platform/pdf.js';
import { sheetFile } from '../../platform/sheets.js';
import { cgpa, gpa, type Attempt } from './arithmetic.js';
import * as repo from './results.repository.js';

/**
 * The result sheet (broadsheet) of a department, level and semester: every student and course with
 * score and grade, the semester's units and GPA, the CGPA with earlier published results (a retake
 * counted as the school's settings say), and the remark — pass, carry-over (failed and not yet passed), or
 * probation (CGPA below a fifth of the scale's top point: 1.00 on the 5-point scale). As a paged
 * table, an XLSX workbook and a landscape PDF.
 */

export interface BroadsheetQuery {
  semesterId: number;
  departmentId: number;
  levelId: number;
}

export async function computeBroadsheet(db: Exec, q: BroadsheetQuery) {
  const [semester, names, maxPoint, rule] = await Promise.all([
    repo.semesterNamed(db, q.semesterId),
    repo.departmentAndLevel(db, q.departmentId, q.levelId),
    repo.defaultMaxPoint(db),
    repo.retakeRule(db),
  ]);
  if (!semester || !names) throw notFound('Semester, department or level not found.');
  const entries = await repo.broadsheetEntries(db, q.semesterId, q.departmentId, q.levelId);
  const studentIds = [...new Set(entries.map((e) => e.studentId))];
  const earlier = await repo.earlierResults(db, studentIds, semester.startDate);
  const start = Date.parse(semester.startDate);
  const courses = [...new Map(entries.map((e) => [e.code, { Code: e.code, Units: e.units }])).values()].sort(
    (a, b) => a.Code.localeCompare(b.Code),
  );
  const earlierOf = new Map<number, typeof earlier>();
  for (const r of earlier) earlierOf.set(r.studentId, [...(earlierOf.get(r.studentId) ?? []), r]);
  const rows: BroadsheetRow[] = [];
  let i = 0;
  while (i < entries.length) {
    const first = entries[i]!;
    const mine: typeof entries = [];
    while (i < entries.length && entries[i]!.studentId === first.studentId) mine.push(entries[i++]!);
    const past = earlierOf.get(first.studentId) ?? [];
    const term: Attempt[] = mine.map((e) => ({
      courseId: e.courseId,
      semester: start,
      units: e.units,
      point: e.gradePoint,
    }));
    const all: Attempt[] = [
      ...past.map((r) => ({
        courseId: r.courseId,
        semester: Date.parse(r.startDate),
        units: r.units,
        point: r.gradePoint,
      })),
      ...term,
    ];
    const passed = new Set(
      [...past.filter((r) => r.passed), ...mine.filter((e) => e.passed)].map((r) => r.courseId),
    );
    const carried = [
      ...new Set([...past, ...mine].filter((r) => !r.passed && !passed.has(r.courseId)).map((r) => r.code)),
    ].sort();
    const overall = cgpa(all, rule);
    const remarks: string[] = [];
    if (overall < maxPoint / 5) remarks.push('Probation');
    if (carried.length) remarks.push(`Carry-over: ${carried.join(', ')}`);
    rows.push({
      MatricNo: first.matricNo,
      Name: first.name,
      Courses: Object.fromEntries(
        courses.map((c) => {
          const e = mine.find((m) => m.code === c.Code);
          return [c.Code, e ? { Score: e.total, Grade: e.grade } : null];
        }),
      ),
      Units: mine.reduce((n, e) => n + e.units, 0),
      Gpa: gpa(term),
      Cgpa: overall,
      Remark: remarks.join('; ') || 'Pass',
    });
  }
  return { semester: semester.name, ...names, courses, rows };
}

export type Broadsheet = Awaited<ReturnType<typeof computeBroadsheet>>;

/**
 * The broadsheet as stored, computed only when what it is computed from changed since (its stamp):
 * once per publication, not once per request. A request that finds a stale or missing one computes
 * and stores it; two at once both compute, and the later write wins with the same answer.
 */
export async function broadsheetOf(db: Exec, q: BroadsheetQuery): Promise<Broadsheet> {
  const key = { semesterId: q.semesterId, departmentId: q.departmentId, levelId: q.levelId };
  const [stamp, stored] = await Promise.all([repo.broadsheetStamp(db), repo.storedBroadsheet(db, key)]);
  if (stored && stored.stamp === stamp) return stored.sheet as Broadsheet;
  const sheet = await computeBroadsheet(db, key);
  await repo.storeBroadsheet(db, key, stamp, sheet);
  return sheet;
}

/** Computes and stores the broadsheets of a semester just published, so that no reader waits for them. */
export async function storeSemesterBroadsheets(db: Exec, semesterId: number): Promise<number> {
  const groups = await repo.broadsheetsOfSemester(db, semesterId);
  const stamp = await repo.broadsheetStamp(db);
  for (const group of groups) {
    const key = { semesterId, ...group };
    await repo.storeBroadsheet(db, key, stamp, await computeBroadsheet(db, key));
  }
  return groups.length;
}

export async function broadsheetPage(db: Db, q: BroadsheetQuery & { page: number; pageSize: number }) {
  const sheet = await broadsheetOf(db, q);
  return {
    Status: STATUS.ok,
    ...(sheet.rows.length
      ? {}
      : { Message: 'No approved results for this department, level and semester yet.' }),
    Courses: sheet.courses,
    Data: sheet.rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
    Page: q.page,
    PageSize: q.pageSize,
    Total: sheet.rows.length,
  };
}

const fileStem = (s: { department: string; level: string; semester: string }) =>
  `Broadsheet-${s.department}-${s.level}-${s.semester}`.replace(/[^0-9A-Za-z]+/g, '-');

const cellOf = (r: BroadsheetRow, code: string) => {
  const c = r.Courses[code];
  return c ? `${c.Score} ${c.Grade}` : '';
};

export async function broadsheetXlsx(db: Db, q: BroadsheetQuery) {
  const sheet = await broadsheetOf(db, q);
  return sheetFile<BroadsheetRow>({
    columns: [
      { header: 'Matric Number', cell: (r) => r.MatricNo },
      { header: 'Name', cell: (r) => r.Name },
      ...sheet.courses.map((c) => ({
        header: `${c.Code} (${c.Units})`,
        cell: (r: BroadsheetRow) => cellOf(r, c.Code),
      })),
      { header: 'Units', cell: (r) => r.Units },
      { header: 'GPA', cell: (r) => r.Gpa.toFixed(2) },
      { header: 'CGPA', cell: (r) => r.Cgpa.toFixed(2) },
      { header: 'Remark', cell: (r) => r.Remark },
    ],
    batches: async function* () {
      yield sheet.rows;
    },
    format: 'xlsx',
    fileName: `${fileStem(sheet)}.xlsx`,
    sheetName: 'Broadsheet',
  });
}

export async function broadsheetPdf(db: Db, q: BroadsheetQuery) {
  const [sheet, institution] = await Promise.all([broadsheetOf(db, q), loadInstitution(db)]);
  if (!sheet.rows.length) throw notFound(M.noResults);
  const b = createPdf({
    title: `Broadsheet ${sheet.department} ${sheet.level} ${sheet.semester}`,
    author: institution.name,
    layout: 'landscape',
  });
  b.header(
    institution,
    'RESULT SHEET (BROADSHEET)',
    `${sheet.department} · ${sheet.level} · ${sheet.semester}`,
  );
  b.table({
    columns: [
      { header: 'S/N', width: 0.5, align: 'right' },
      { header: 'Matric No.', width: 1.6 },
      { header: 'Name', width: 2.6 },
      ...sheet.courses.map((c) => ({ header: c.Code, width: 0.9, align: 'center' as const })),
      { header: 'Units', width: 0.6, align: 'right' },
      { header: 'GPA', width: 0.6, align: 'right' },
      { header: 'CGPA', width: 0.6, align: 'right' },
      { header: 'Remark', width: 2.2 },
    ],
    rows: sheet.rows.map((r, n) => [
      n + 1,
      r.MatricNo,
      r.Name,
      ...sheet.courses.map((c) => cellOf(r, c.Code)),
      r.Units,
      r.Gpa.toFixed(2),
      r.Cgpa.toFixed(2),
      r.Remark,
    ]),
    fontSize: sheet.courses.length > 10 ? 6 : 7,
    zebra: true,
  });
  b.moveDown(16);
  b.signatures(['Head of Department', 'Dean of Faculty', 'Registrar']);
  return { pdf: await b.toBuffer(), fileName: `${fileStem(sheet)}.pdf` };
}
