-- The letter's resumption date and registration deadline move from the school settings to each admission
-- session (every session has its own); existing sessions take the school's date and two weeks after it.
ALTER TABLE "admission_sessions" ADD COLUMN "resumption_date" date;--> statement-breakpoint
ALTER TABLE "admission_sessions" ADD COLUMN "registration_closes_on" date;--> statement-breakpoint
UPDATE "admission_sessions" SET "resumption_date" = coalesce((SELECT "resumption_date"::date FROM "school_settings" LIMIT 1), current_date);--> statement-breakpoint
UPDATE "admission_sessions" SET "registration_closes_on" = "resumption_date" + 14;--> statement-breakpoint
ALTER TABLE "admission_sessions" ALTER COLUMN "resumption_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_sessions" ALTER COLUMN "registration_closes_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" DROP COLUMN "resumption_date";
