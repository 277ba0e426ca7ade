import type { z } from 'zod';
import {
  COURSE_REGISTRATION_PAGES as PAGES,
  STATUS,
  type CourseListQuery,
  type CourseListRow,
  type RegistrationState,
  courseListExportQuery,
  registrationCountsQuery,
  unregisteredQuery,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { paged, type Exec } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { sheetFile, type SheetColumn } from '../../platform/sheets.js';
import * as repo from './courses.repository.js';
import { windowState } from './registration.service.js';

/**
 * The lists of `studentcourselist`: who is registered for a course (for attendance and result
 * sheets, with CSV and XLSX), counts per course and department, and who has not registered yet.
 */

/** The semester asked for, else the one whose registration window is live, else the current one. */
async function semesterOf(db: Exec, semesterId: number | undefined) {
  const all = await repo.semestersWithWindows(db, semesterId);
  const chosen =
    semesterId !== undefined
      ? all[0]
      : (all.find((w) => ['open', 'late', 'addDrop'].includes(windowState(w))) ??
        all.find((w) => w.isCurrent) ??
        all[0]);
  if (!chosen) throw notFound('Semester not found.');
  return chosen;
}

type CourseListDbRow = Awaited<ReturnType<typeof repo.courseList>>['rows'][number];

const rowOf = (r: CourseListDbRow): CourseListRow => ({
  MatricNo: r.matricNo,
  Name: r.name,
  Department: r.department,
  Level: r.level,
  State: r.state as RegistrationState,
  CarryOver: r.carryOver,
});

export async function courseList(db: Db, q: CourseListQuery) {
  const semester = await semesterOf(db, q.semesterId);
  const { rows, total } = await repo.courseList(
    db,
    { semesterId: semester.id, courseId: q.courseId, state: q.state },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return paged(rows.map(rowOf), q.page, q.pageSize, total, 'No student has registered for this course.');
}

const STATE_LABELS: Record<string, string> = {
  submitted: 'Awaiting approval',
  approved: 'Approved',
  returned: 'Returned',
};

const COLUMNS: readonly SheetColumn<CourseListRow>[] = [
  { header: 'S/N', cell: () => null },
  { header: 'Matric No.', cell: (r) => r.MatricNo },
  { header: 'Name', cell: (r) => r.Name },
  { header: 'Department', cell: (r) => r.Department },
  { header: 'Level', cell: (r) => r.Level },
  { header: 'Registration', cell: (r) => STATE_LABELS[r.State] ?? r.State },
  { header: 'Carry-over', cell: (r) => (r.CarryOver ? 'Yes' : '') },
  { header: 'Signature', cell: () => null },
];

/** The course list as a file, numbered, with a signature column for attendance; audited. */
export async function exportCourseList(db: Db, actor: AuditActor, q: z.output<typeof courseListExportQuery>) {
  const semester = await semesterOf(db, q.semesterId);
  const course = await repo.courseCode(db, q.courseId);
  if (!course) throw notFound('Course not found.');
  const filters = { semesterId: semester.id, courseId: q.courseId, state: q.state };
  await audit(db, {
    actor,
    page: PAGES.lists,
    action: 'export',
    entity: 'course_registration',
    entityId: null,
    after: { format: q.format, ...filters },
  });
  let n = 0;
  const numbered: SheetColumn<CourseListRow>[] = COLUMNS.map((c, i) =>
    i === 0 ? { header: c.header, cell: () => ++n } : c,
  );
  async function* batches() {
    for await (const rows of repo.courseListBatches(db, filters)) yield rows.map(rowOf);
  }
  const code = course.code.replace(/[^A-Za-z0-9]/g, '');
  const term = semester.name.replace(/[^A-Za-z0-9]+/g, '-');
  return sheetFile({
    columns: numbered,
    batches,
    format: q.format,
    fileName: `${code}-${term}.${q.format}`,
    sheetName: course.code,
  });
}

export async function counts(db: Db, q: z.output<typeof registrationCountsQuery>) {
  const semester = await semesterOf(db, q.semesterId);
  const [byCourse, byDepartment] = await Promise.all([
    repo.countsByCourse(db, semester.id, q.departmentId),
    repo.countsByDepartment(db, semester.id, q.departmentId),
  ]);
  return {
    Status: STATUS.ok,
    Data: {
      Semester: semester.name,
      Courses: byCourse.map((c) => ({
        CourseId: c.courseId,
        Code: c.code,
        Title: c.title,
        Department: c.department,
        Registered: c.registered,
        Approved: c.approved,
      })),
      Departments: byDepartment.map((d) => ({
        Department: d.department,
        Students: d.students,
        Registered: d.registered,
        Approved: d.approved,
        NotRegistered: d.students - d.registered,
      })),
    },
  };
}

export async function unregistered(db: Db, q: z.output<typeof unregisteredQuery>) {
  const semester = await semesterOf(db, q.semesterId);
  const { rows, total } = await repo.unregistered(
    db,
    { semesterId: semester.id, departmentId: q.departmentId, levelId: q.levelId },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return paged(
    rows.map((r) => ({
      MatricNo: r.matricNo,
      Name: r.name,
      Email: r.email,
      Department: r.department,
      Level: r.level,
    })),
    q.page,
    q.pageSize,
    total,
    'Every student has registered.',
  );
}
