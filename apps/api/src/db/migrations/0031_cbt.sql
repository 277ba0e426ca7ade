CREATE TABLE "cbt_answer_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"machine_id" text NOT NULL,
	CONSTRAINT "cbt_answer_log_seq" UNIQUE("attempt_id","seq")
);
--> statement-breakpoint
CREATE TABLE "cbt_attempt_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cbt_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"seed" text NOT NULL,
	"paper" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"machine_id" text NOT NULL,
	"machine_changes" integer DEFAULT 0 NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submit_reason" text,
	"score" double precision,
	"max_score" double precision,
	"marks" jsonb,
	"receipt_id" text,
	"receipt_sha256" text,
	"receipt_answers" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "cbt_attempts_receipt_id_unique" UNIQUE("receipt_id"),
	CONSTRAINT "cbt_attempts_reason" CHECK ("cbt_attempts"."submit_reason" is null or "cbt_attempts"."submit_reason" in ('candidate', 'timeUp', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "cbt_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"shuffle_questions" boolean DEFAULT true NOT NULL,
	"shuffle_options" boolean DEFAULT true NOT NULL,
	"pass_mark" double precision NOT NULL,
	"score_item_id" integer,
	"halls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_after_release" boolean DEFAULT false NOT NULL,
	"withdrawn" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cbt_exams_window" CHECK ("cbt_exams"."closes_at" > "cbt_exams"."opens_at"),
	CONSTRAINT "cbt_exams_duration" CHECK ("cbt_exams"."duration_minutes" between 1 and 600),
	CONSTRAINT "cbt_exams_pass_mark" CHECK ("cbt_exams"."pass_mark" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "cbt_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_true" boolean,
	"value" double precision,
	"tolerance" double precision,
	"marks" integer DEFAULT 1 NOT NULL,
	"image_key" text,
	"image_mime" text,
	"used_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cbt_questions_kind" CHECK ("cbt_questions"."kind" in ('single', 'multiple', 'truefalse', 'numeric')),
	CONSTRAINT "cbt_questions_marks" CHECK ("cbt_questions"."marks" between 1 and 100),
	CONSTRAINT "cbt_questions_key" CHECK (("cbt_questions"."kind" <> 'truefalse' or "cbt_questions"."answer_true" is not null) and ("cbt_questions"."kind" <> 'numeric' or ("cbt_questions"."value" is not null and "cbt_questions"."tolerance" >= 0)))
);
--> statement-breakpoint
CREATE TABLE "cbt_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cbt_answer_log" ADD CONSTRAINT "cbt_answer_log_attempt_id_cbt_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."cbt_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_attempt_events" ADD CONSTRAINT "cbt_attempt_events_attempt_id_cbt_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."cbt_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_attempts" ADD CONSTRAINT "cbt_attempts_exam_id_cbt_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."cbt_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_attempts" ADD CONSTRAINT "cbt_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_exams" ADD CONSTRAINT "cbt_exams_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_exams" ADD CONSTRAINT "cbt_exams_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_exams" ADD CONSTRAINT "cbt_exams_score_item_id_score_items_id_fk" FOREIGN KEY ("score_item_id") REFERENCES "public"."score_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_exams" ADD CONSTRAINT "cbt_exams_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_questions" ADD CONSTRAINT "cbt_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_questions" ADD CONSTRAINT "cbt_questions_topic_id_cbt_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."cbt_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_questions" ADD CONSTRAINT "cbt_questions_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cbt_topics" ADD CONSTRAINT "cbt_topics_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cbt_answer_log_question" ON "cbt_answer_log" USING btree ("attempt_id","question_id","seq");--> statement-breakpoint
CREATE INDEX "cbt_attempt_events_attempt" ON "cbt_attempt_events" USING btree ("attempt_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbt_attempts_once" ON "cbt_attempts" USING btree ("exam_id","student_id") WHERE "cbt_attempts"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "cbt_attempts_student" ON "cbt_attempts" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "cbt_attempts_open" ON "cbt_attempts" USING btree ("ends_at") WHERE "cbt_attempts"."submitted_at" is null and "cbt_attempts"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "cbt_exams_offering" ON "cbt_exams" USING btree ("course_id","session_id","opens_at");--> statement-breakpoint
CREATE INDEX "cbt_questions_topic" ON "cbt_questions" USING btree ("topic_id","id");--> statement-breakpoint
CREATE INDEX "cbt_questions_course" ON "cbt_questions" USING btree ("course_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cbt_topics_name" ON "cbt_topics" USING btree ("course_id",lower("name"));--> statement-breakpoint
-- The answer log is append-only: the database refuses to change or remove a row.
CREATE FUNCTION "cbt_answer_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the exam answer log is append-only: % is refused', TG_OP
    USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "cbt_answer_log_no_change" BEFORE UPDATE OR DELETE ON "cbt_answer_log"
  FOR EACH ROW EXECUTE FUNCTION "cbt_answer_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "cbt_answer_log_no_truncate" BEFORE TRUNCATE ON "cbt_answer_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "cbt_answer_log_append_only"();
