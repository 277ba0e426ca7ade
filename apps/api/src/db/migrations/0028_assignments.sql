CREATE TABLE "score_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"score_item_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"source_label" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_proposals_once" UNIQUE("source_kind","source_id","student_id"),
	CONSTRAINT "score_proposals_state" CHECK ("score_proposals"."state" in ('pending', 'accepted', 'kept')),
	CONSTRAINT "score_proposals_score" CHECK ("score_proposals"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assignment_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_mime" text NOT NULL,
	"file_size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_mime" text,
	"file_size" bigint,
	"sha256" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"penalty" integer DEFAULT 0 NOT NULL,
	"score" numeric(6, 2),
	"comment" text,
	"graded_at" timestamp with time zone,
	"graded_by" integer,
	"returned_at" timestamp with time zone,
	CONSTRAINT "assignment_submissions_once" UNIQUE("assignment_id","student_id"),
	CONSTRAINT "assignment_submissions_penalty" CHECK ("assignment_submissions"."penalty" between 0 and 100),
	CONSTRAINT "assignment_submissions_score" CHECK ("assignment_submissions"."score" is null or "assignment_submissions"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"late_policy" text NOT NULL,
	"late_until" timestamp with time zone,
	"late_penalty" integer,
	"max_score" integer NOT NULL,
	"score_item_id" integer,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_due_after_open" CHECK ("assignments"."due_at" > "assignments"."opens_at"),
	CONSTRAINT "assignments_late_policy" CHECK ("assignments"."late_policy" in ('refuse', 'accept')),
	CONSTRAINT "assignments_late_terms" CHECK (("assignments"."late_policy" = 'refuse' and "assignments"."late_until" is null and "assignments"."late_penalty" is null) or ("assignments"."late_policy" = 'accept' and "assignments"."late_until" > "assignments"."due_at" and "assignments"."late_penalty" between 0 and 100)),
	CONSTRAINT "assignments_max_score" CHECK ("assignments"."max_score" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "score_proposals" ADD CONSTRAINT "score_proposals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_proposals" ADD CONSTRAINT "score_proposals_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_proposals" ADD CONSTRAINT "score_proposals_score_item_id_score_items_id_fk" FOREIGN KEY ("score_item_id") REFERENCES "public"."score_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_proposals" ADD CONSTRAINT "score_proposals_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_proposals" ADD CONSTRAINT "score_proposals_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_files" ADD CONSTRAINT "assignment_files_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_graded_by_admins_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_score_item_id_score_items_id_fk" FOREIGN KEY ("score_item_id") REFERENCES "public"."score_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_proposals_sheet" ON "score_proposals" USING btree ("course_id","semester_id","state");--> statement-breakpoint
CREATE INDEX "assignment_files_assignment" ON "assignment_files" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "assignment_submissions_student" ON "assignment_submissions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "assignments_offering" ON "assignments" USING btree ("course_id","session_id","due_at");