CREATE TABLE "discussion_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"opening" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "discussion_posts_author_kind" CHECK ("discussion_posts"."author_kind" in ('Student', 'Admin')),
	CONSTRAINT "discussion_posts_body" CHECK (length("discussion_posts"."body") between 1 and 150000)
);
--> statement-breakpoint
CREATE TABLE "discussion_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"reporter_kind" text NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reports_reason" CHECK (length("discussion_reports"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "discussion_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"course_id" integer,
	"session_id" integer,
	"department_id" integer,
	"level_id" integer,
	"type_id" integer NOT NULL,
	"title" text NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" integer NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"answer_post_id" integer,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_threads_board" CHECK (("discussion_threads"."kind" = 'learning' and "discussion_threads"."course_id" is not null and "discussion_threads"."session_id" is not null and "discussion_threads"."department_id" is null and "discussion_threads"."level_id" is null)
        or ("discussion_threads"."kind" = 'student' and "discussion_threads"."department_id" is not null and "discussion_threads"."level_id" is not null and "discussion_threads"."course_id" is null and "discussion_threads"."session_id" is null)
        or ("discussion_threads"."kind" = 'general' and "discussion_threads"."course_id" is null and "discussion_threads"."session_id" is null and "discussion_threads"."department_id" is null and "discussion_threads"."level_id" is null)),
	CONSTRAINT "discussion_threads_author_kind" CHECK ("discussion_threads"."author_kind" in ('Student', 'Admin')),
	CONSTRAINT "discussion_threads_title" CHECK (length("discussion_threads"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_thread_id_discussion_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."discussion_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_type_id_discussion_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."discussion_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_posts_one_opening" ON "discussion_posts" USING btree ("thread_id") WHERE "discussion_posts"."opening";--> statement-breakpoint
CREATE INDEX "discussion_posts_thread" ON "discussion_posts" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reports_once" ON "discussion_reports" USING btree ("post_id","reporter_kind","reporter_id");--> statement-breakpoint
CREATE INDEX "discussion_threads_learning" ON "discussion_threads" USING btree ("course_id","session_id","pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussion_threads"."kind" = 'learning';--> statement-breakpoint
CREATE INDEX "discussion_threads_student" ON "discussion_threads" USING btree ("department_id","level_id","pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussion_threads"."kind" = 'student';--> statement-breakpoint
CREATE INDEX "discussion_threads_general" ON "discussion_threads" USING btree ("pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "discussion_threads"."kind" = 'general';