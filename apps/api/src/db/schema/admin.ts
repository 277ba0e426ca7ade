import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './accounts.js';
import { admissionSessions } from './reference.js';

/**
 * A file of candidates (Post-UTME, CAPS, admission list) or of passport photographs being loaded
 * in the background. The client polls it; every count moves forward as the job runs.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    /** 'PostUtmeList' | 'CAPSList' | 'uploadadmissionlist' | 'utmeImages' */
    kind: text('kind').notNull(),
    /** queued → running → issuing → done | failed */
    status: text('status').notNull().default('queued'),
    fileName: text('file_name').notNull(),
    /** 'csv' | 'xlsx' | 'zip' */
    format: text('format').notNull(),
    /** Where the uploaded file waits while the job runs (removed when it ends). */
    filePath: text('file_path'),
    fileSize: integer('file_size').notNull().default(0),
    admissionSessionId: integer('admission_session_id').references(() => admissionSessions.id),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    /** New accounts still waiting for their default password and e-mail, and those issued. */
    accountsPending: integer('accounts_pending').notNull().default(0),
    accountsIssued: integer('accounts_issued').notNull().default(0),
    /** The first problems found, each naming its row ('Row 7: E-mail is invalid'). */
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    /** Rows imported with an optional field left empty, and the first such notes ('Row 7: LGA … left empty.'). */
    warnedCount: integer('warned_count').notNull().default(0),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    message: text('message'),
    actorAdminId: integer('actor_admin_id').references(() => admins.id),
    /** The process running the job holds it until this time and renews it as it goes. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The file's SHA-256: one file of a kind is imported once at a time, whichever process received it. */
    fileSha256: text('file_sha256'),
  },
  (t) => [
    index('import_jobs_created').on(t.createdAt),
    uniqueIndex('import_jobs_one_unfinished_per_file')
      .on(t.kind, t.fileSha256)
      .where(sql`status in ('queued', 'running', 'issuing')`),
  ],
);

/** The admitted list of an admission session, once the admissions office publishes it. */
export const admissionListPublications = pgTable('admission_list_publications', {
  admissionSessionId: integer('admission_session_id')
    .primaryKey()
    .references(() => admissionSessions.id, { onDelete: 'cascade' }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  publishedByAdminId: integer('published_by_admin_id').references(() => admins.id),
});
