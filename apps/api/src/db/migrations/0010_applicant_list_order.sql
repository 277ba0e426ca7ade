-- "applicants_created" exists since 0002 (written by hand there); the schema now declares it too.
-- The in-progress list, newest first, reads its page straight from this partial index.
CREATE INDEX "applicants_in_progress_created" ON "applicants" USING btree ("created_at","id") WHERE "applicants"."registered_at" is null;
