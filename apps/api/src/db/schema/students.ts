import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { students } from './accounts.js';

/** Clearance documents a student uploads (one file per kind, replaced on re-upload). */
export const studentDocuments = pgTable(
  'student_documents',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('student_documents_student_kind').on(t.studentId, t.kind)],
);

/** The registry's forms for students (`studentforms`), each targeted by level and department. */
export const studentForms = pgTable('student_forms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  storageKey: text('storage_key').notNull(),
  fileExt: text('file_ext').notNull(),
  contentType: text('content_type').notNull(),
  /** Empty means every level / department. */
  levelIds: integer('level_ids').array().notNull().default([]),
  departmentIds: integer('department_ids').array().notNull().default([]),
  mustSubmit: boolean('must_submit').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
