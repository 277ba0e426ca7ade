import {
  boolean,
  date,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  index,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  admissionBatches,
  admissionSessions,
  countries,
  coursesOfStudy,
  departments,
  entryModes,
  levels,
  lgas,
  olevelGrades,
  olevelSubjects,
  olevelTypes,
  states,
} from './reference.js';

/**
 * An applicant's names as the admin lists search them (any part, without case): the expression
 * of the trigram index `applicants_search_name`, which a query must repeat exactly to use it.
 */
export function applicantSearchName(c: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  otherName: AnyPgColumn;
}) {
  return sql`lower(coalesce(${c.firstName}, '') || ' ' || coalesce(${c.lastName}, '') || ' ' || coalesce(${c.otherName}, ''))`;
}

/**
 * An applicant. Progress flags (IsBiodataSaved, RegComplete, AdmissionLevel …) are derived
 * from these stored facts, never stored as flags the client could set.
 */
export const applicants = pgTable(
  'applicants',
  {
    id: serial('id').primaryKey(),
    /** Unguessable id used in public links (admission letter). */
    publicId: text('public_id').notNull().unique(),
    jambRegNo: text('jamb_reg_no').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** Null until the applicant replaces the default password. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    otherName: text('other_name'),
    phone: text('phone'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth'),
    maritalStatus: text('marital_status'),
    address: text('address'),
    countryId: integer('country_id').references(() => countries.id),
    stateId: integer('state_id').references(() => states.id),
    lgaId: integer('lga_id').references(() => lgas.id),
    departmentId: integer('department_id').references(() => departments.id),
    courseOfStudyId: integer('course_of_study_id').references(() => coursesOfStudy.id),
    levelId: integer('level_id').references(() => levels.id),
    entryModeId: integer('entry_mode_id').references(() => entryModes.id),
    admissionSessionId: integer('admission_session_id').references(() => admissionSessions.id),
    admissionBatchId: integer('admission_batch_id').references(() => admissionBatches.id),
    utmeScore: integer('utme_score'),
    capsStatus: text('caps_status'),
    passportKey: text('passport_key'),
    biodataSavedAt: timestamp('biodata_saved_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    /** none → screened → verified → admitted | rejected */
    admissionStatus: text('admission_status').notNull().default('none'),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    acceptancePaidAt: timestamp('acceptance_paid_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('applicants_department').on(t.departmentId),
    index('applicants_status').on(t.admissionStatus),
    index('applicants_state').on(t.stateId),
    index('applicants_score').on(t.utmeScore),
    // Sign-in and imports look applicants up by e-mail without case.
    index('applicants_email_lower').on(sql`lower(${t.email})`),
    // The admin lists: each filter with the sort it is read in, and names searched by any part.
    index('applicants_department_score').on(
      t.departmentId,
      sql`${t.utmeScore} desc nulls last`,
      sql`${t.id} desc`,
    ),
    index('applicants_status_created').on(t.admissionStatus, t.createdAt, t.id),
    // Newest first, with the names: a search of the default list (newest first) matching many
    // applicants reads its page from this index alone, filtering the names as it goes.
    index('applicants_created_names').on(t.createdAt, t.id, t.firstName, t.lastName, t.otherName),
    index('applicants_in_progress_created')
      .on(t.createdAt, t.id)
      .where(sql`${t.registeredAt} is null`),
    index('applicants_status_registered').on(t.admissionStatus, t.registeredAt, t.id),
    // A state's applicants by name (the lists' name order, ascending): a page reads a few rows of
    // the state in order instead of every row of it, then sorting.
    index('applicants_state_name').on(t.stateId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index('applicants_search_name').using('gin', sql`${applicantSearchName(t)} gin_trgm_ops`),
    // The records search finds a student by any part of their JAMB number.
    index('applicants_search_jamb').using('gin', sql`${t.jambRegNo} gin_trgm_ops`),
  ],
);

export const guardians = pgTable('guardians', {
  applicantId: integer('applicant_id')
    .primaryKey()
    .references(() => applicants.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  relationship: text('relationship').notNull(),
  phone: text('phone').notNull(),
  email: text('email'),
  address: text('address').notNull(),
});

export const olevelResults = pgTable(
  'olevel_results',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => olevelTypes.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => olevelSubjects.id),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => olevelGrades.id),
    examYear: integer('exam_year').notNull(),
    examNumber: text('exam_number').notNull(),
  },
  (t) => [uniqueIndex('olevel_results_applicant_subject').on(t.applicantId, t.subjectId)],
);

/** Files an applicant uploads: the passport photograph and the required documents. */
export const applicantDocuments = pgTable(
  'applicant_documents',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('applicant_documents_applicant_kind').on(t.applicantId, t.kind)],
);

/** Downloadable admission forms (`listofforms`), each targeted by level and department. */
export const admissionForms = pgTable('admission_forms', {
  id: serial('id').primaryKey(),
  type: integer('type').notNull().default(2),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  storageKey: text('storage_key').notNull(),
  fileExt: text('file_ext').notNull(),
  contentType: text('content_type').notNull(),
  /** Empty means every level / department. */
  levelIds: integer('level_ids').array().notNull().default([]),
  departmentIds: integer('department_ids').array().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Registration numbers that always see the documents table (a list the admissions office keeps). */
export const listedApplicants = pgTable('listed_applicants', {
  jambRegNo: text('jamb_reg_no').primaryKey(),
  note: text('note').notNull().default(''),
});

/** Information published to applicants for an admission session. */
export const admissionInformation = pgTable(
  'admission_information',
  {
    id: serial('id').primaryKey(),
    admissionSessionId: integer('admission_session_id')
      .notNull()
      .references(() => admissionSessions.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admission_information_title').on(t.admissionSessionId, t.title)],
);
