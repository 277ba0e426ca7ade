CREATE TABLE "course_advisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"level_id" integer,
	"role" text NOT NULL,
	CONSTRAINT "course_advisers_scope" UNIQUE NULLS NOT DISTINCT("staff_id","department_id","level_id")
);
--> statement-breakpoint
CREATE TABLE "course_registration_courses" (
	"registration_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"units" integer NOT NULL,
	"requested" boolean DEFAULT true NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"carry_over" boolean DEFAULT false NOT NULL,
	CONSTRAINT "course_registration_courses_registration_id_course_id_pk" PRIMARY KEY("registration_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_registration_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"course_id" integer,
	"actor_kind" text NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" text NOT NULL,
	"comment" text,
	"idempotency_key" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_registration_events_idempotency" UNIQUE("registration_id","idempotency_key"),
	CONSTRAINT "course_registration_events_kind" CHECK ("course_registration_events"."kind" in ('submitted', 'resubmitted', 'course_added', 'course_dropped', 'approved', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "course_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"level_id" integer,
	"department_id" integer,
	"state" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"total_units" integer NOT NULL,
	"comment" text,
	"is_late" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"approved_at" timestamp with time zone,
	CONSTRAINT "course_registrations_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "course_registrations_one_per_semester" UNIQUE("student_id","semester_id"),
	CONSTRAINT "course_registrations_state" CHECK ("course_registrations"."state" in ('submitted', 'approved', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "course_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"units" integer NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"grade" text NOT NULL,
	"grade_point" numeric(4, 2) NOT NULL,
	"passed" boolean NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "course_results_one_per_attempt" UNIQUE("student_id","course_id","semester_id")
);
--> statement-breakpoint
ALTER TABLE "semester_registrations" ADD COLUMN "add_drop_closes_on" date;--> statement-breakpoint
ALTER TABLE "course_advisers" ADD CONSTRAINT "course_advisers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_advisers" ADD CONSTRAINT "course_advisers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_advisers" ADD CONSTRAINT "course_advisers_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registration_courses" ADD CONSTRAINT "course_registration_courses_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registration_courses" ADD CONSTRAINT "course_registration_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registration_events" ADD CONSTRAINT "course_registration_events_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registration_events" ADD CONSTRAINT "course_registration_events_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_results" ADD CONSTRAINT "course_results_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_results" ADD CONSTRAINT "course_results_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_results" ADD CONSTRAINT "course_results_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_registration_courses_course" ON "course_registration_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_registration_events_registration" ON "course_registration_events" USING btree ("registration_id","id");--> statement-breakpoint
CREATE INDEX "course_registrations_queue" ON "course_registrations" USING btree ("semester_id","department_id","level_id","state");--> statement-breakpoint
CREATE INDEX "course_results_student" ON "course_results" USING btree ("student_id");--> statement-breakpoint
-- A registration's history is append-only: the database refuses to change or remove a row.
CREATE FUNCTION "course_registration_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'course registration history is append-only: % is refused', TG_OP
    USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "course_registration_events_no_change" BEFORE UPDATE OR DELETE ON "course_registration_events"
  FOR EACH ROW EXECUTE FUNCTION "course_registration_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "course_registration_events_no_truncate" BEFORE TRUNCATE ON "course_registration_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "course_registration_events_append_only"();
