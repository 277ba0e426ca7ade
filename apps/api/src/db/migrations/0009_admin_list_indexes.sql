-- Name search in the admin lists: a trigram index serves "contains" on any part of the names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "applicants_email_lower" ON "applicants" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "applicants_department_score" ON "applicants" USING btree ("department_id","utme_score" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "applicants_status_created" ON "applicants" USING btree ("admission_status","created_at","id");--> statement-breakpoint
CREATE INDEX "applicants_status_registered" ON "applicants" USING btree ("admission_status","registered_at","id");--> statement-breakpoint
CREATE INDEX "applicants_search_name" ON "applicants" USING gin (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("other_name", '')) gin_trgm_ops);
