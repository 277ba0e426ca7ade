CREATE TABLE "course_audit_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"reason" text NOT NULL,
	"added_by_admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_audit_enrolments_once" UNIQUE("course_id","session_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "logo_media_type" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "primary_colour" text DEFAULT '#3f51b5' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "secondary_colour" text DEFAULT '#ffc107' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "indigene_state_id" integer DEFAULT 2656 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "late_registration_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "hostel_ballot_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "course_audit_enrolments" ADD CONSTRAINT "course_audit_enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_audit_enrolments" ADD CONSTRAINT "course_audit_enrolments_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_audit_enrolments" ADD CONSTRAINT "course_audit_enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_audit_enrolments" ADD CONSTRAINT "course_audit_enrolments_added_by_admin_id_admins_id_fk" FOREIGN KEY ("added_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_audit_enrolments_student" ON "course_audit_enrolments" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_indigene_state_id_states_id_fk" FOREIGN KEY ("indigene_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_created_at" ON "sessions" USING btree ("created_at");