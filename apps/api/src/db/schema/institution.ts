import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { paymentCategories } from './payments.js';
import { academicSessions, departments, levels, programmes } from './reference.js';

/**
 * The institution's set-up, one table per reference resource of the registry
 * (packages/contracts/src/registry): column keys are the resource's field keys.
 */

const id = () => serial('id').primaryKey();
const active = () => boolean('is_active').notNull().default(true);
const kobo = (name: string) => bigint(name, { mode: 'number' }).notNull();
const points = (name: string) => numeric(name, { precision: 4, scale: 2, mode: 'number' }).notNull();
const sessionRef = () =>
  integer('session_id')
    .notNull()
    .references(() => academicSessions.id);

export const semesters = pgTable(
  'semesters',
  {
    id: id(),
    name: text('name').notNull().unique(),
    sessionId: sessionRef(),
    term: text('term').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [unique('semesters_session_term').on(t.sessionId, t.term)],
);

export const semesterRegistrations = pgTable('semester_registrations', {
  id: id(),
  semesterId: integer('semester_id')
    .notNull()
    .unique()
    .references(() => semesters.id),
  opensOn: date('opens_on', { mode: 'string' }).notNull(),
  closesOn: date('closes_on', { mode: 'string' }).notNull(),
  lateClosesOn: date('late_closes_on', { mode: 'string' }),
  lateFeeKobo: kobo('late_fee_kobo').default(0),
  addDropClosesOn: date('add_drop_closes_on', { mode: 'string' }),
  isOpen: boolean('is_open').notNull().default(true),
});

export const schoolUnits = pgTable('school_units', {
  id: id(),
  name: text('name').notNull().unique(),
  kind: text('kind').notNull(),
  headTitle: text('head_title').notNull().default(''),
  isActive: active(),
});

export const qualifications = pgTable('qualifications', {
  id: id(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  isActive: active(),
});

export const matricNumberFormats = pgTable('matric_number_formats', {
  id: id(),
  programmeId: integer('programme_id')
    .notNull()
    .unique()
    .references(() => programmes.id),
  pattern: text('pattern').notNull(),
  isActive: active(),
});

export const staff = pgTable('staff', {
  id: id(),
  staffNumber: text('staff_number').notNull().unique(),
  title: text('title').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull().unique(),
  phone: text('phone').notNull().default(''),
  departmentId: integer('department_id').references(() => departments.id),
  designation: text('designation').notNull().default(''),
  isActive: active(),
});

export const courses = pgTable(
  'courses',
  {
    id: id(),
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    units: integer('units').notNull(),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    semester: text('semester').notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    type: text('type').notNull(),
    isActive: active(),
  },
  // 'CSC101' and 'CSC 101' are one code: the courses rule looks a code up without its spaces.
  (t) => [index('courses_code_compact').on(sql`replace(${t.code}, ' ', '')`)],
);

export const prerequisites = pgTable(
  'prerequisites',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    prerequisiteId: integer('prerequisite_id')
      .notNull()
      .references(() => courses.id),
  },
  (t) => [
    unique('prerequisites_pair').on(t.courseId, t.prerequisiteId),
    check('prerequisites_not_itself', sql`${t.courseId} <> ${t.prerequisiteId}`),
  ],
);

export const courseLecturers = pgTable(
  'course_lecturers',
  {
    id: id(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    sessionId: sessionRef(),
    role: text('role').notNull(),
  },
  (t) => [unique('course_lecturers_once').on(t.courseId, t.staffId, t.sessionId)],
);

export const registrationLimits = pgTable(
  'registration_limits',
  {
    id: id(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    semester: text('semester').notNull(),
    minUnits: integer('min_units').notNull(),
    maxUnits: integer('max_units').notNull(),
  },
  (t) => [
    unique('registration_limits_scope').on(t.programmeId, t.levelId, t.semester),
    check('registration_limits_order', sql`${t.maxUnits} >= ${t.minUnits}`),
  ],
);

export const departmentCourses = pgTable(
  'department_courses',
  {
    id: id(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    sessionId: sessionRef(),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id),
    semester: text('semester').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    type: text('type').notNull(),
  },
  (t) => [unique('department_courses_once').on(t.departmentId, t.sessionId, t.courseId)],
);

export const timetable = pgTable(
  'timetable_entries',
  {
    id: id(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    day: text('day').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    venue: text('venue').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
  },
  (t) => [
    unique('timetable_slot').on(t.semesterId, t.courseId, t.day, t.startTime),
    check('timetable_order', sql`${t.endTime} > ${t.startTime}`),
  ],
);

export const scoreSchemes = pgTable('score_schemes', {
  id: id(),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(false),
});

export const scoreItems = pgTable(
  'score_items',
  {
    id: id(),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => scoreSchemes.id),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    position: integer('position').notNull().default(1),
  },
  (t) => [unique('score_items_name').on(t.schemeId, t.name)],
);

export const gradeScales = pgTable('grade_scales', {
  id: id(),
  name: text('name').notNull().unique(),
  maxPoint: points('max_point'),
  isDefault: boolean('is_default').notNull().default(false),
});

export const grades = pgTable('grades', {
  id: id(),
  code: text('code').notNull().unique(),
  description: text('description').notNull(),
  isPass: boolean('is_pass').notNull().default(true),
});

export const gradePoints = pgTable(
  'grade_points',
  {
    id: id(),
    scaleId: integer('scale_id')
      .notNull()
      .references(() => gradeScales.id),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id),
    minScore: integer('min_score').notNull(),
    maxScore: integer('max_score').notNull(),
    point: points('point'),
  },
  (t) => [
    unique('grade_points_grade').on(t.scaleId, t.gradeId),
    check('grade_points_order', sql`${t.maxScore} >= ${t.minScore}`),
  ],
);

export const coreGrades = pgTable('core_grades', {
  id: id(),
  programmeId: integer('programme_id')
    .notNull()
    .unique()
    .references(() => programmes.id),
  gradeId: integer('grade_id')
    .notNull()
    .references(() => grades.id),
});

export const degreeClasses = pgTable(
  'degree_classes',
  {
    id: id(),
    scaleId: integer('scale_id')
      .notNull()
      .references(() => gradeScales.id),
    name: text('name').notNull(),
    minCgpa: points('min_cgpa'),
    maxCgpa: points('max_cgpa'),
  },
  (t) => [
    unique('degree_classes_name').on(t.scaleId, t.name),
    check('degree_classes_order', sql`${t.maxCgpa} >= ${t.minCgpa}`),
  ],
);

export const itemSchedules = pgTable(
  'item_schedules',
  {
    id: id(),
    sessionId: sessionRef(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => paymentCategories.id),
    allowInstalments: boolean('allow_instalments').notNull().default(true),
    firstInstalmentPercent: integer('first_instalment_percent').notNull(),
    balanceDueOn: date('balance_due_on', { mode: 'string' }),
  },
  (t) => [unique('item_schedules_scope').on(t.sessionId, t.categoryId)],
);

export const campuses = pgTable('campuses', {
  id: id(),
  name: text('name').notNull().unique(),
  address: text('address').notNull().default(''),
  isActive: active(),
});

export const hostels = pgTable('hostels', {
  id: id(),
  name: text('name').notNull().unique(),
  campusId: integer('campus_id')
    .notNull()
    .references(() => campuses.id),
  gender: text('gender').notNull(),
  isActive: active(),
});

export const blocks = pgTable(
  'blocks',
  {
    id: id(),
    name: text('name').notNull(),
    hostelId: integer('hostel_id')
      .notNull()
      .references(() => hostels.id),
    floors: integer('floors').notNull().default(1),
  },
  (t) => [unique('blocks_name').on(t.hostelId, t.name)],
);

export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    number: text('number').notNull(),
    blockId: integer('block_id')
      .notNull()
      .references(() => blocks.id),
    gender: text('gender').notNull(),
    bedSpaces: integer('bed_spaces').notNull().default(4),
    isReserved: boolean('is_reserved').notNull().default(false),
    isActive: active(),
  },
  (t) => [unique('rooms_number').on(t.blockId, t.number)],
);

export const schoolOfficials = pgTable('school_officials', {
  id: id(),
  office: text('office').notNull().unique(),
  name: text('name').notNull(),
  qualifications: text('qualifications').notNull().default(''),
  position: integer('position').notNull().default(1),
  isActive: active(),
});

export const discussionTypes = pgTable('discussion_types', {
  id: id(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  isActive: active(),
});
