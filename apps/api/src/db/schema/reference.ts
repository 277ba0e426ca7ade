import { boolean, date, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Reference data: geography, O'level vocabulary and the institution's academic structure. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id),
});

export const lgas = pgTable(
  'lgas',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('lgas_state_name').on(t.stateId, t.name)],
);

export const olevelSubjects = pgTable('olevel_subjects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const olevelGrades = pgTable('olevel_grades', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 1 for A1 … 9 for F9 */
  rank: integer('rank').notNull(),
});

export const olevelTypes = pgTable('olevel_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const faculties = pgTable('faculties', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  code: text('code').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  facultyId: integer('faculty_id')
    .notNull()
    .references(() => faculties.id),
  name: text('name').notNull().unique(),
  code: text('code').notNull().unique(),
  /** Department category shown on the application slip (e.g. Science, Engineering). */
  categoryName: text('category_name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

/** Programmes of study: ND, HND, B.Sc. … and how many years they last. */
export const programmes = pgTable('programmes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  years: integer('years').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const coursesOfStudy = pgTable('courses_of_study', {
  id: serial('id').primaryKey(),
  departmentId: integer('department_id')
    .notNull()
    .references(() => departments.id),
  name: text('name').notNull().unique(),
  yearsToGraduate: integer('years_to_graduate').notNull(),
  /** Length of the SIWES placement in months. */
  siwesMonths: integer('siwes_months').notNull().default(6),
  programmeId: integer('programme_id').references(() => programmes.id),
  isActive: boolean('is_active').notNull().default(true),
});

export const levels = pgTable('levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  rank: integer('rank').notNull(),
});

export const entryModes = pgTable('entry_modes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const academicSessions = pgTable('academic_sessions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  isCurrent: boolean('is_current').notNull().default(false),
});

export const admissionSessions = pgTable('admission_sessions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  academicSessionId: integer('academic_session_id')
    .notNull()
    .references(() => academicSessions.id),
  isCurrent: boolean('is_current').notNull().default(false),
  /** The admission letter's terms for the session's new students. */
  resumptionDate: date('resumption_date', { mode: 'string' }).notNull(),
  registrationClosesOn: date('registration_closes_on', { mode: 'string' }).notNull(),
});

export const admissionBatches = pgTable(
  'admission_batches',
  {
    id: serial('id').primaryKey(),
    admissionSessionId: integer('admission_session_id')
      .notNull()
      .references(() => admissionSessions.id),
    name: text('name').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
  },
  (t) => [uniqueIndex('admission_batches_session_name').on(t.admissionSessionId, t.name)],
);

/** One row per school: settings the admins may change. */
export const schoolSettings = pgTable('school_settings', {
  schoolId: integer('school_id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  address: text('address').notNull(),
  olevelMinYear: integer('olevel_min_year').notNull(),
  olevelMaxYear: integer('olevel_max_year').notNull(),
  acceptanceDays: integer('acceptance_days').notNull(),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  website: text('website').notNull().default(''),
  motto: text('motto').notNull().default(''),
  /** How a retaken course counts in the CGPA: 'Latest attempt' (default) or 'Every attempt'. */
  retakeRule: text('retake_rule').notNull().default('Latest attempt'),
  /** Course content waits for a reviewer before students see it (issue 24). */
  contentNeedsReview: boolean('content_needs_review').notNull().default(true),
  /** The school's logo in file storage (its key and media type), shown by the shell and on documents; none until uploaded. */
  logoKey: text('logo_key'),
  logoMediaType: text('logo_media_type'),
  /** The school's colours (#rrggbb): the shell's theme and the documents' accents. */
  primaryColour: text('primary_colour').notNull().default('#3f51b5'),
  secondaryColour: text('secondary_colour').notNull().default('#ffc107'),
  /** The state whose indigenes pay indigene fees (the spec's 2656 until the school changes it). */
  indigeneStateId: integer('indigene_state_id')
    .notNull()
    .default(2656)
    .references(() => states.id),
  /** Whether a semester's registration window has late days (with the late fee) at all. */
  lateRegistrationEnabled: boolean('late_registration_enabled').notNull().default(true),
  /** Whether hostel beds are given by the rounds' ballot; off, no round opens applications. */
  hostelBallotEnabled: boolean('hostel_ballot_enabled').notNull().default(true),
});
