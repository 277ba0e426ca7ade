CREATE TABLE "applicant_clearances" (
	"applicant_id" integer PRIMARY KEY NOT NULL,
	"cleared_by_admin_id" integer,
	"cleared_by_email" text NOT NULL,
	"cleared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matric_counters" (
	"scope" text PRIMARY KEY NOT NULL,
	"last_serial" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "olevel_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_id" integer,
	"student_id" integer,
	"exam_type" text NOT NULL,
	"exam_number" text NOT NULL,
	"exam_year" integer NOT NULL,
	"pin_cipher" text NOT NULL,
	"serial_cipher" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"verified_by_admin_id" integer,
	"verified_by_email" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "olevel_verifications_holder" CHECK (num_nonnulls("olevel_verifications"."applicant_id", "olevel_verifications"."student_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "siwes_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"academic_session_id" integer,
	"reference" text NOT NULL,
	"months" integer NOT NULL,
	"issued_by_admin_id" integer,
	"issued_by_email" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"actor_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applicant_clearances" ADD CONSTRAINT "applicant_clearances_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_clearances" ADD CONSTRAINT "applicant_clearances_cleared_by_admin_id_admins_id_fk" FOREIGN KEY ("cleared_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olevel_verifications" ADD CONSTRAINT "olevel_verifications_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olevel_verifications" ADD CONSTRAINT "olevel_verifications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "olevel_verifications" ADD CONSTRAINT "olevel_verifications_verified_by_admin_id_admins_id_fk" FOREIGN KEY ("verified_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siwes_letters" ADD CONSTRAINT "siwes_letters_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siwes_letters" ADD CONSTRAINT "siwes_letters_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siwes_letters" ADD CONSTRAINT "siwes_letters_issued_by_admin_id_admins_id_fk" FOREIGN KEY ("issued_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_import_jobs" ADD CONSTRAINT "student_import_jobs_actor_admin_id_admins_id_fk" FOREIGN KEY ("actor_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "olevel_verifications_applicant" ON "olevel_verifications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "olevel_verifications_student" ON "olevel_verifications" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "siwes_letters_student_session" ON "siwes_letters" USING btree ("student_id","academic_session_id");--> statement-breakpoint
CREATE INDEX "siwes_letters_issued" ON "siwes_letters" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "student_import_jobs_created" ON "student_import_jobs" USING btree ("created_at");