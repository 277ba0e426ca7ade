ALTER TABLE "payments" ADD COLUMN "notice_requery_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "student_import_jobs" ADD COLUMN "file_sha256" text;--> statement-breakpoint
CREATE INDEX "payments_provider_provider_reference" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_unfinished_per_file" ON "import_jobs" USING btree ("kind","file_sha256") WHERE status in ('queued', 'running', 'issuing');--> statement-breakpoint
CREATE UNIQUE INDEX "student_import_jobs_one_running_per_file" ON "student_import_jobs" USING btree ("file_sha256") WHERE status = 'running';