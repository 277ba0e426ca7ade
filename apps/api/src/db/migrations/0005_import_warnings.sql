ALTER TABLE "import_jobs" ADD COLUMN "warned_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;