CREATE TABLE "stored_broadsheets" (
	"semester_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"stamp" text NOT NULL,
	"sheet" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_broadsheets_semester_id_department_id_level_id_pk" PRIMARY KEY("semester_id","department_id","level_id")
);
--> statement-breakpoint
ALTER TABLE "stored_broadsheets" ADD CONSTRAINT "stored_broadsheets_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_broadsheets" ADD CONSTRAINT "stored_broadsheets_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_broadsheets" ADD CONSTRAINT "stored_broadsheets_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_search_name" ON "students" USING gin (lower(trim(coalesce("last_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("other_name", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_search_matric" ON "students" USING gin ("matric_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_search_email" ON "students" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicants_search_jamb" ON "applicants" USING gin ("jamb_reg_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_date" ON "payments" USING btree (coalesce("paid_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "courses_code_compact" ON "courses" USING btree (replace("code", ' ', ''));