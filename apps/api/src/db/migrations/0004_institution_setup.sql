CREATE TABLE "programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"years" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "programmes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hostel_id" integer NOT NULL,
	"floors" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "blocks_name" UNIQUE("hostel_id","name")
);
--> statement-breakpoint
CREATE TABLE "campuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "campuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "core_grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	CONSTRAINT "core_grades_programme_id_unique" UNIQUE("programme_id")
);
--> statement-breakpoint
CREATE TABLE "course_lecturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "course_lecturers_once" UNIQUE("course_id","staff_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"units" integer NOT NULL,
	"level_id" integer NOT NULL,
	"semester" text NOT NULL,
	"department_id" integer NOT NULL,
	"type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "courses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "degree_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"scale_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_cgpa" numeric(4, 2) NOT NULL,
	"max_cgpa" numeric(4, 2) NOT NULL,
	CONSTRAINT "degree_classes_name" UNIQUE("scale_id","name"),
	CONSTRAINT "degree_classes_order" CHECK ("degree_classes"."max_cgpa" >= "degree_classes"."min_cgpa")
);
--> statement-breakpoint
CREATE TABLE "department_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"semester" text NOT NULL,
	"course_id" integer NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "department_courses_once" UNIQUE("department_id","session_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "department_tuition" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"indigene_amount_kobo" bigint NOT NULL,
	"non_indigene_amount_kobo" bigint NOT NULL,
	CONSTRAINT "department_tuition_scope" UNIQUE("session_id","department_id","level_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "discussion_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "grade_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"scale_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"min_score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"point" numeric(4, 2) NOT NULL,
	CONSTRAINT "grade_points_grade" UNIQUE("scale_id","grade_id"),
	CONSTRAINT "grade_points_order" CHECK ("grade_points"."max_score" >= "grade_points"."min_score")
);
--> statement-breakpoint
CREATE TABLE "grade_scales" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"max_point" numeric(4, 2) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "grade_scales_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"is_pass" boolean DEFAULT true NOT NULL,
	CONSTRAINT "grades_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "hostels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"campus_id" integer NOT NULL,
	"gender" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "hostels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "item_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"allow_instalments" boolean DEFAULT true NOT NULL,
	"first_instalment_percent" integer NOT NULL,
	"balance_due_on" date,
	CONSTRAINT "item_schedules_scope" UNIQUE("session_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "matric_number_formats" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"pattern" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "matric_number_formats_programme_id_unique" UNIQUE("programme_id")
);
--> statement-breakpoint
CREATE TABLE "prerequisites" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"prerequisite_id" integer NOT NULL,
	CONSTRAINT "prerequisites_pair" UNIQUE("course_id","prerequisite_id"),
	CONSTRAINT "prerequisites_not_itself" CHECK ("prerequisites"."course_id" <> "prerequisites"."prerequisite_id")
);
--> statement-breakpoint
CREATE TABLE "qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "qualifications_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "registration_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"semester" text NOT NULL,
	"min_units" integer NOT NULL,
	"max_units" integer NOT NULL,
	CONSTRAINT "registration_limits_scope" UNIQUE("programme_id","level_id","semester"),
	CONSTRAINT "registration_limits_order" CHECK ("registration_limits"."max_units" >= "registration_limits"."min_units")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"block_id" integer NOT NULL,
	"gender" text NOT NULL,
	"bed_spaces" integer DEFAULT 4 NOT NULL,
	"is_reserved" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "rooms_number" UNIQUE("block_id","number")
);
--> statement-breakpoint
CREATE TABLE "school_officials" (
	"id" serial PRIMARY KEY NOT NULL,
	"office" text NOT NULL,
	"name" text NOT NULL,
	"qualifications" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "school_officials_office_unique" UNIQUE("office")
);
--> statement-breakpoint
CREATE TABLE "school_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"head_title" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "school_units_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "score_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"scheme_id" integer NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "score_items_name" UNIQUE("scheme_id","name")
);
--> statement-breakpoint
CREATE TABLE "score_schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "score_schemes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "semester_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"semester_id" integer NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"late_closes_on" date,
	"late_fee_kobo" bigint DEFAULT 0 NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "semester_registrations_semester_id_unique" UNIQUE("semester_id")
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"session_id" integer NOT NULL,
	"term" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "semesters_name_unique" UNIQUE("name"),
	CONSTRAINT "semesters_session_term" UNIQUE("session_id","term")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_number" text NOT NULL,
	"title" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"department_id" integer,
	"designation" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "staff_staff_number_unique" UNIQUE("staff_number"),
	CONSTRAINT "staff_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "timetable_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"semester_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"day" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"venue" text NOT NULL,
	"staff_id" integer NOT NULL,
	CONSTRAINT "timetable_slot" UNIQUE("semester_id","course_id","day","start_time"),
	CONSTRAINT "timetable_order" CHECK ("timetable_entries"."end_time" > "timetable_entries"."start_time")
);
--> statement-breakpoint
ALTER TABLE "payment_categories" ALTER COLUMN "id" ADD GENERATED BY DEFAULT AS IDENTITY (sequence name "payment_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100 CACHE 1);--> statement-breakpoint
ALTER TABLE "payment_items" ALTER COLUMN "id" ADD GENERATED BY DEFAULT AS IDENTITY (sequence name "payment_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100 CACHE 1);--> statement-breakpoint
ALTER TABLE "academic_sessions" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "academic_sessions" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "courses_of_study" ADD COLUMN "programme_id" integer;--> statement-breakpoint
ALTER TABLE "courses_of_study" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "faculties" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "website" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "motto" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_schedule" ADD COLUMN "programme_id" integer;--> statement-breakpoint
ALTER TABLE "payment_categories" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_hostel_id_hostels_id_fk" FOREIGN KEY ("hostel_id") REFERENCES "public"."hostels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_grades" ADD CONSTRAINT "core_grades_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "core_grades" ADD CONSTRAINT "core_grades_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lecturers" ADD CONSTRAINT "course_lecturers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lecturers" ADD CONSTRAINT "course_lecturers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lecturers" ADD CONSTRAINT "course_lecturers_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degree_classes" ADD CONSTRAINT "degree_classes_scale_id_grade_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."grade_scales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_courses" ADD CONSTRAINT "department_courses_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_courses" ADD CONSTRAINT "department_courses_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_courses" ADD CONSTRAINT "department_courses_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_courses" ADD CONSTRAINT "department_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_tuition" ADD CONSTRAINT "department_tuition_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_tuition" ADD CONSTRAINT "department_tuition_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_tuition" ADD CONSTRAINT "department_tuition_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_points" ADD CONSTRAINT "grade_points_scale_id_grade_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."grade_scales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_points" ADD CONSTRAINT "grade_points_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostels" ADD CONSTRAINT "hostels_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_schedules" ADD CONSTRAINT "item_schedules_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_schedules" ADD CONSTRAINT "item_schedules_category_id_payment_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."payment_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matric_number_formats" ADD CONSTRAINT "matric_number_formats_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prerequisites" ADD CONSTRAINT "prerequisites_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prerequisites" ADD CONSTRAINT "prerequisites_prerequisite_id_courses_id_fk" FOREIGN KEY ("prerequisite_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_limits" ADD CONSTRAINT "registration_limits_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_limits" ADD CONSTRAINT "registration_limits_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_items" ADD CONSTRAINT "score_items_scheme_id_score_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."score_schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semester_registrations" ADD CONSTRAINT "semester_registrations_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_entries" ADD CONSTRAINT "timetable_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses_of_study" ADD CONSTRAINT "courses_of_study_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedule" ADD CONSTRAINT "fee_schedule_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_information_title" ON "admission_information" USING btree ("admission_session_id","title");--> statement-breakpoint
ALTER TABLE "fee_schedule" ADD CONSTRAINT "fee_schedule_item_per_scope" UNIQUE NULLS NOT DISTINCT("session_id","item_id","department_id","programme_id","level_id","entry_mode_id");--> statement-breakpoint
ALTER TABLE "payment_categories" ADD CONSTRAINT "payment_categories_name_unique" UNIQUE("name");--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_name_unique" UNIQUE("name");