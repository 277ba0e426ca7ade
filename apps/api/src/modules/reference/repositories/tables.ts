import { is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { RegistryName } from '@portal/contracts';
import * as t from '../../../db/schema/index.js';

/** A registry resource's table (columns keyed by its field keys) and, when not `id`, its key column. */
export type ReferenceTable = PgTable & { id: PgColumn };
export type TableEntry = ReferenceTable | { table: PgTable; id: PgColumn };

/** Where each registry resource is stored: one line per resource. */
export const REFERENCE_TABLES: Record<RegistryName, TableEntry> = {
  'academic-sessions': t.academicSessions,
  'admission-sessions': t.admissionSessions,
  'admission-batches': t.admissionBatches,
  'admission-information': t.admissionInformation,
  semesters: t.semesters,
  'semester-registrations': t.semesterRegistrations,
  levels: t.levels,
  faculties: t.faculties,
  departments: t.departments,
  'school-units': t.schoolUnits,
  programmes: t.programmes,
  'courses-of-study': t.coursesOfStudy,
  qualifications: t.qualifications,
  'matric-number-formats': t.matricNumberFormats,
  states: t.states,
  lgas: t.lgas,
  'entry-modes': t.entryModes,
  courses: t.courses,
  prerequisites: t.prerequisites,
  'course-lecturers': t.courseLecturers,
  'course-advisers': t.courseAdvisers,
  'registration-limits': t.registrationLimits,
  'department-courses': t.departmentCourses,
  timetable: t.timetable,
  'score-schemes': t.scoreSchemes,
  'score-items': t.scoreItems,
  'grade-scales': t.gradeScales,
  grades: t.grades,
  'grade-points': t.gradePoints,
  'review-stages': t.reviewStages,
  'review-stage-holders': t.reviewStageHolders,
  'core-grades': t.coreGrades,
  'degree-classes': t.degreeClasses,
  'payment-categories': t.paymentCategories,
  'payment-items': t.paymentItems,
  'fee-items': t.feeSchedule,
  'department-tuition': t.departmentTuition,
  'item-schedules': t.itemSchedules,
  campuses: t.campuses,
  hostels: t.hostels,
  blocks: t.blocks,
  rooms: t.rooms,
  staff: t.staff,
  'school-officials': t.schoolOfficials,
  'school-information': { table: t.schoolSettings, id: t.schoolSettings.schoolId },
  'school-settings': { table: t.schoolSettings, id: t.schoolSettings.schoolId },
  'discussion-types': t.discussionTypes,
};

/** A resource's table, its key column and that column's property name. */
export function tableOf(name: string): { table: PgTable; id: PgColumn; idKey: string } {
  const entry = REFERENCE_TABLES[name as RegistryName];
  if (!entry) throw new Error(`No table for the registry resource ${name}`);
  const { table, id } = is(entry, PgTable) ? { table: entry, id: (entry as ReferenceTable).id } : entry;
  const idKey = Object.entries(table).find(([, column]) => column === id)![0];
  return { table, id, idKey };
}
