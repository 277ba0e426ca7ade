CREATE TABLE "live_class_attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"user_kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_class_attendance_kind" CHECK ("live_class_attendance"."user_kind" in ('Student', 'Admin')),
	CONSTRAINT "live_class_attendance_order" CHECK ("live_class_attendance"."left_at" is null or "live_class_attendance"."left_at" >= "live_class_attendance"."joined_at")
);
--> statement-breakpoint
CREATE TABLE "live_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"lecturer_id" integer NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"record" boolean DEFAULT false NOT NULL,
	"series_id" uuid,
	"meeting_id" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"recording_id" text,
	"recording_url" text,
	"recording_file_url" text,
	"recording_ready_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_classes_state" CHECK ("live_classes"."state" in ('scheduled', 'cancelled')),
	CONSTRAINT "live_classes_duration" CHECK ("live_classes"."duration_minutes" between 1 and 1440),
	CONSTRAINT "live_classes_ended_after_start" CHECK ("live_classes"."ended_at" is null or "live_classes"."started_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "live_class_attendance" ADD CONSTRAINT "live_class_attendance_class_id_live_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_classes" ADD CONSTRAINT "live_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_classes" ADD CONSTRAINT "live_classes_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_classes" ADD CONSTRAINT "live_classes_lecturer_id_admins_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_class_attendance_open" ON "live_class_attendance" USING btree ("class_id","user_kind","user_id") WHERE left_at is null;--> statement-breakpoint
CREATE INDEX "live_class_attendance_class" ON "live_class_attendance" USING btree ("class_id","user_kind","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_classes_meeting_id" ON "live_classes" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "live_classes_offering" ON "live_classes" USING btree ("course_id","session_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_classes_lecturer" ON "live_classes" USING btree ("lecturer_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_classes_due_reminder" ON "live_classes" USING btree ("starts_at") WHERE reminded_at is null and state = 'scheduled';