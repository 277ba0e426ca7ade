-- Indexes for the admin lists (applications, audit trail, acceptance-fee payments) on tables whose
-- schema files belong to other modules. Written by hand because drizzle-kit cannot express them
-- from a file that does not declare the table; nothing else in the schema refers to them.
CREATE INDEX IF NOT EXISTS "applicants_created" ON "applicants" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applicants_registered" ON "applicants" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applicants_course" ON "applicants" USING btree ("course_of_study_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applicants_last_name_lower" ON "applicants" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applicants_first_name_lower" ON "applicants" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applicants_jamb_upper" ON "applicants" USING btree (upper("jamb_reg_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applicants_password_pending" ON "applicants" USING btree ("id") WHERE "password_hash" = '!pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_at" ON "audit_log" USING btree ("at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_actor_at" ON "audit_log" USING btree ("actor_admin_id", "at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_page_at" ON "audit_log" USING btree ("page", "at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_category_created" ON "payments" USING btree ("category_id", "created_at");
