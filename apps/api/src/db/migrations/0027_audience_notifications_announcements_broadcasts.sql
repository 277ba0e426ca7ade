CREATE TABLE "notification_audiences" (
	"id" bigint PRIMARY KEY DEFAULT nextval('notifications_id_seq') NOT NULL,
	"type" smallint NOT NULL,
	"recipient_kind" text,
	"faculty_id" integer,
	"department_id" integer,
	"level_id" integer,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"visible_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "notification_audiences_narrowing_is_for_students" CHECK (("notification_audiences"."faculty_id" is null and "notification_audiences"."department_id" is null and "notification_audiences"."level_id" is null) or "notification_audiences"."recipient_kind" = 'Student'),
	CONSTRAINT "notification_audiences_expiry_after_visibility" CHECK ("notification_audiences"."expires_at" is null or "notification_audiences"."expires_at" > "notification_audiences"."visible_at")
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"recipient_kind" text NOT NULL,
	"recipient_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"read_until" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_reads_recipient_kind_recipient_id_type_pk" PRIMARY KEY("recipient_kind","recipient_id","type")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"faculty_id" integer,
	"department_id" integer,
	"level_id" integer,
	"publish_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"notification_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_audience" CHECK (audience in ('everyone', 'students', 'applicants', 'staff')),
	CONSTRAINT "announcements_narrowing_is_for_students" CHECK (("announcements"."faculty_id" is null and "announcements"."department_id" is null and "announcements"."level_id" is null) or "announcements"."audience" = 'students'),
	CONSTRAINT "announcements_expiry_after_publish" CHECK ("announcements"."expires_at" is null or "announcements"."expires_at" > "announcements"."publish_at")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"by_email" boolean NOT NULL,
	"in_app" boolean NOT NULL,
	"audience" text NOT NULL,
	"faculty_id" integer,
	"department_id" integer,
	"level_id" integer,
	"queued" integer DEFAULT 0 NOT NULL,
	"announcement_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_audience" CHECK (audience in ('everyone', 'students', 'applicants', 'staff')),
	CONSTRAINT "broadcasts_some_channel" CHECK ("broadcasts"."by_email" or "broadcasts"."in_app"),
	CONSTRAINT "broadcasts_narrowing_is_for_students" CHECK (("broadcasts"."faculty_id" is null and "broadcasts"."department_id" is null and "broadcasts"."level_id" is null) or "broadcasts"."audience" = 'students')
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "batch" text;--> statement-breakpoint
ALTER TABLE "notification_audiences" ADD CONSTRAINT "notification_audiences_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_audiences" ADD CONSTRAINT "notification_audiences_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_audiences" ADD CONSTRAINT "notification_audiences_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_audiences_visible" ON "notification_audiences" USING btree ("visible_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "announcements_current" ON "announcements" USING btree ("publish_at" DESC NULLS LAST) WHERE "announcements"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_batch" ON "mail_outbox" USING btree ("batch") WHERE "mail_outbox"."batch" is not null;