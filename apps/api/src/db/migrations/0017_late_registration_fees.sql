CREATE TABLE "late_registration_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "late_registration_fees_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "late_registration_fees_once" UNIQUE("student_id","semester_id")
);
--> statement-breakpoint
ALTER TABLE "late_registration_fees" ADD CONSTRAINT "late_registration_fees_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_registration_fees" ADD CONSTRAINT "late_registration_fees_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_registration_fees" ADD CONSTRAINT "late_registration_fees_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;