CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient_kind" text NOT NULL,
	"recipient_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"url" text,
	"html" text,
	"upload_id" uuid,
	"file_key" text,
	"file_name" text,
	"file_mime" text,
	"file_size" bigint,
	"file_kind" text,
	"review_comment" text,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_kind" CHECK ("content_items"."kind" in ('document', 'video', 'text', 'link')),
	CONSTRAINT "content_items_state" CHECK ("content_items"."state" in ('draft', 'pending_review', 'published', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "content_progress" (
	"student_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"opened_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"position_seconds" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_progress_student_id_item_id_pk" PRIMARY KEY("student_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "content_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_visits" (
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"last_visited_at" timestamp with time zone NOT NULL,
	"previous_visited_at" timestamp with time zone,
	"videos_completed_at" timestamp with time zone,
	CONSTRAINT "content_visits_student_id_course_id_session_id_pk" PRIMARY KEY("student_id","course_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "content_needs_review" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_section_id_content_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."content_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_submitted_by_admins_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_progress" ADD CONSTRAINT "content_progress_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_progress" ADD CONSTRAINT "content_progress_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sections" ADD CONSTRAINT "content_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sections" ADD CONSTRAINT "content_sections_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_visits" ADD CONSTRAINT "content_visits_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_visits" ADD CONSTRAINT "content_visits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_visits" ADD CONSTRAINT "content_visits_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unread" ON "notifications" USING btree ("recipient_kind","recipient_id","type") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_recipient_recent" ON "notifications" USING btree ("recipient_kind","recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_items_section" ON "content_items" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "content_items_offering" ON "content_items" USING btree ("course_id","session_id");--> statement-breakpoint
CREATE INDEX "content_items_pending" ON "content_items" USING btree ("submitted_at") WHERE "content_items"."state" = 'pending_review';--> statement-breakpoint
CREATE INDEX "content_progress_item" ON "content_progress" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "content_sections_offering" ON "content_sections" USING btree ("course_id","session_id","position");