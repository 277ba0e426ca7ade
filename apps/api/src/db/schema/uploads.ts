import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './accounts.js';

/**
 * Finished resumable uploads (issue 24), checked by content and moved into the file storage: a
 * module takes one (claimUpload) and keeps its storage key; an upload nobody claims within a day is
 * deleted with its file. The id is the tus upload's id (its URL's last segment).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    // The cleanup job's scan: unclaimed uploads by age.
    index('uploads_unclaimed')
      .on(t.createdAt)
      .where(sql`${t.claimedAt} is null`),
  ],
);
