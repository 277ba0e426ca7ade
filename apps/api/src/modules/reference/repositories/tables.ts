import { is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { RegistryName } from '@portal/contracts';
import {
  academicSessions,
  admissionBatches,
  admissionInformation,
  admissionSessions,
  blocks,
  campuses,
  coreGrades,
  courseAdvisers,
  courseLecturers,
  courses,
  coursesOfStudy,
  degreeClasses,
  departmentCourses,
  departments,
  discussionTypes,
  entryModes,
  faculties,
  feeSchedule,
  gradePoints,
  gradeScales,
  grades,
  hostels,
  itemSchedules,
  levels,
  lgas,
  matricNumberFormats,
  paymentCategories,
  paymentItems,
  prerequisites,
  programmes,
  qualifications,
  registrationLimits,
  reviewStageHolders,
  reviewStages,
  rooms,
  schoolOfficials,
  schoolSettings,
  schoolUnits,
  scoreItems,
  scoreSchemes,
  semesterRegistrations,
  semesters,
  staff,
  states,
  timetable,
} from '../../../db/schema/index.js';

/** A registry resource's table (columns keyed by its field keys) and, when not `id`, its key column. */
export type ReferenceTable = PgTable & { id: PgColumn };
export type TableEntry = ReferenceTable | { table: PgTable; id: PgColumn };

/** Where each registry resource is stored: one line per resource. */
export const REFERENCE_TABLES: Record<RegistryName, TableEntry> = {
  'academic-sessions': academicSessions,
  'admission-sessions': admissionSessions,
  'admission-batches': admissionBatches,
  'admission-information': admissionInformation,
  semesters: semesters,
  'semester-registrations': semesterRegistrations,
  levels: levels,
  faculties: faculties,
  departments: departments,
  'school-units': schoolUnits,
  programmes: programmes,
  'courses-of-study': coursesOfStudy,
  qualifications: qualifications,
  'matric-number-formats': matricNumberFormats,
  states: states,
  lgas: lgas,
  'entry-modes': entryModes,
  courses: courses,
  prerequisites: prerequisites,
  'course-lecturers': courseLecturers,
  'course-advisers': courseAdvisers,
  'registration-limits': registrationLimits,
  'department-courses': departmentCourses,
  timetable: timetable,
  'score-schemes': scoreSchemes,
  'score-items': scoreItems,
  'grade-scales': gradeScales,
  grades: grades,
  'grade-points': gradePoints,
  'review-stages': reviewStages,
  'review-stage-holders': reviewStageHolders,
  'core-grades': coreGrades,
  'degree-classes': degreeClasses,
  'payment-categories': paymentCategories,
  'payment-items': paymentItems,
  'fee-items': feeSchedule,
  // A scope of the fee schedule (its declaration's `scope`), not a table of its own: ADR 11.
  'department-tuition': feeSchedule,
  'item-schedules': itemSchedules,
  campuses: campuses,
  hostels: hostels,
  blocks: blocks,
  rooms: rooms,
  staff: staff,
  'school-officials': schoolOfficials,
  'school-information': { table: schoolSettings, id: schoolSettings.schoolId },
  'school-settings': { table: schoolSettings, id: schoolSettings.schoolId },
  'discussion-types': discussionTypes,
};

/** A resource's table, its key column and that column's property name. */
export function tableOf(name: string): { table: PgTable; id: PgColumn; idKey: string } {
  const entry = REFERENCE_TABLES[name as RegistryName];
  if (!entry) throw new Error(`No table for the registry resource ${name}`);
  const { table, id } = is(entry, PgTable) ? { table: entry, id: (entry as ReferenceTable).id } : entry;
  const idKey = Object.entries(table).find(([, column]) => column === id)![0];
  return { table, id, idKey };
}
