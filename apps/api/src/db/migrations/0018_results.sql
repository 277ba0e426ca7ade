CREATE TABLE "result_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"semester_id" integer,
	"digest" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_documents_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "result_entries" (
	"sheet_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"level_id" integer,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" numeric(5, 2),
	"grade" text,
	"grade_point" numeric(4, 2),
	"passed" boolean,
	CONSTRAINT "result_entries_sheet_id_student_id_pk" PRIMARY KEY("sheet_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "result_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"result_id" integer NOT NULL,
	"reason" text NOT NULL,
	"answer" text,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "result_sheet_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"action" text NOT NULL,
	"stage" text,
	"actor_id" integer,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"scheme_id" integer NOT NULL,
	"scale_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"stage_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"amendment_reason" text,
	"created_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_sheets_revision" UNIQUE("course_id","semester_id","revision"),
	CONSTRAINT "result_sheets_state" CHECK ("result_sheets"."state" in ('draft', 'returned', 'in_review', 'approved', 'published'))
);
--> statement-breakpoint
CREATE TABLE "review_stage_holders" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"department_id" integer,
	"faculty_id" integer,
	CONSTRAINT "review_stage_holders_once" UNIQUE NULLS NOT DISTINCT("stage_id","staff_id","department_id","faculty_id")
);
--> statement-breakpoint
CREATE TABLE "review_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"scope" text NOT NULL,
	CONSTRAINT "review_stages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "transcript_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transcript_fees_once" UNIQUE("request_id"),
	CONSTRAINT "transcript_fees_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "transcript_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"postal_address" text,
	"destination" text NOT NULL,
	"state" text DEFAULT 'awaiting_payment' NOT NULL,
	"document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	CONSTRAINT "transcript_requests_state" CHECK ("transcript_requests"."state" in ('awaiting_payment', 'paid', 'processing', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "retake_rule" text DEFAULT 'Latest attempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "record_id" integer;--> statement-breakpoint
ALTER TABLE "result_documents" ADD CONSTRAINT "result_documents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_documents" ADD CONSTRAINT "result_documents_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_entries" ADD CONSTRAINT "result_entries_sheet_id_result_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."result_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_entries" ADD CONSTRAINT "result_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_entries" ADD CONSTRAINT "result_entries_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_queries" ADD CONSTRAINT "result_queries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_queries" ADD CONSTRAINT "result_queries_result_id_course_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."course_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_queries" ADD CONSTRAINT "result_queries_answered_by_admins_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheet_events" ADD CONSTRAINT "result_sheet_events_sheet_id_result_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."result_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheet_events" ADD CONSTRAINT "result_sheet_events_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheets" ADD CONSTRAINT "result_sheets_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheets" ADD CONSTRAINT "result_sheets_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheets" ADD CONSTRAINT "result_sheets_scheme_id_score_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."score_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheets" ADD CONSTRAINT "result_sheets_scale_id_grade_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."grade_scales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheets" ADD CONSTRAINT "result_sheets_stage_id_review_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."review_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheets" ADD CONSTRAINT "result_sheets_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stage_holders" ADD CONSTRAINT "review_stage_holders_stage_id_review_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."review_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stage_holders" ADD CONSTRAINT "review_stage_holders_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stage_holders" ADD CONSTRAINT "review_stage_holders_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stage_holders" ADD CONSTRAINT "review_stage_holders_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_fees" ADD CONSTRAINT "transcript_fees_request_id_transcript_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."transcript_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_fees" ADD CONSTRAINT "transcript_fees_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_requests" ADD CONSTRAINT "transcript_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_requests" ADD CONSTRAINT "transcript_requests_document_id_result_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."result_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "result_queries_one_open" ON "result_queries" USING btree ("result_id") WHERE "result_queries"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "result_sheet_events_sheet" ON "result_sheet_events" USING btree ("sheet_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "result_sheets_one_open" ON "result_sheets" USING btree ("course_id","semester_id") WHERE "result_sheets"."state" in ('draft', 'returned', 'in_review');--> statement-breakpoint
CREATE INDEX "result_sheets_queue" ON "result_sheets" USING btree ("semester_id","state");--> statement-breakpoint
CREATE INDEX "transcript_requests_student" ON "transcript_requests" USING btree ("student_id");--> statement-breakpoint
-- A sheet's history is append-only: the database refuses to change or remove a row.
CREATE FUNCTION "result_sheet_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'result sheet history is append-only: % is refused', TG_OP
    USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "result_sheet_events_no_change" BEFORE UPDATE OR DELETE ON "result_sheet_events"
  FOR EACH ROW EXECUTE FUNCTION "result_sheet_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "result_sheet_events_no_truncate" BEFORE TRUNCATE ON "result_sheet_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "result_sheet_events_append_only"();
