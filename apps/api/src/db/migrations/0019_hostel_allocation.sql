CREATE TABLE "hostel_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"round_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"bed" integer NOT NULL,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"quota" text,
	"reason" text,
	"allocated_by" integer,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_by" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "hostel_allocations_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "hostel_allocations_state" CHECK ("hostel_allocations"."state" in ('allocated', 'reserved', 'paid', 'lapsed', 'given_up')),
	CONSTRAINT "hostel_allocations_source" CHECK ("hostel_allocations"."source" in ('ballot', 'waiting_list', 'reserved')),
	CONSTRAINT "hostel_allocations_bed" CHECK ("hostel_allocations"."bed" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "hostel_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"level_id" integer,
	"gender" text NOT NULL,
	"preferences" integer[] NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hostel_applications_one_per_round" UNIQUE("round_id","student_id"),
	CONSTRAINT "hostel_applications_preferences" CHECK (cardinality("hostel_applications"."preferences") between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "hostel_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"allocation_id" integer,
	"student_id" integer,
	"kind" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hostel_events_kind" CHECK ("hostel_events"."kind" in ('published', 'drawn', 'allocated', 'reserved', 'paid', 'lapsed', 'given_up', 'offered'))
);
--> statement-breakpoint
CREATE TABLE "hostel_fee_payments" (
	"allocation_id" integer PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"allocation_live" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hostel_fee_payments_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "hostel_fee_payments_live" CHECK ("hostel_fee_payments"."allocation_live" = 'yes')
);
--> statement-breakpoint
CREATE TABLE "hostel_fees" (
	"round_id" integer NOT NULL,
	"hostel_id" integer NOT NULL,
	"amount_kobo" integer NOT NULL,
	CONSTRAINT "hostel_fees_round_id_hostel_id_pk" PRIMARY KEY("round_id","hostel_id"),
	CONSTRAINT "hostel_fees_amount" CHECK ("hostel_fees"."amount_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hostel_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"name" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"payment_days" integer DEFAULT 14 NOT NULL,
	"fee_rule" text DEFAULT 'full' NOT NULL,
	"level_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"quotas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seed_hash" text NOT NULL,
	"seed" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"drawn_by" integer,
	"result" jsonb,
	"ballot_beds" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hostel_rounds_one_per_session" UNIQUE("session_id"),
	CONSTRAINT "hostel_rounds_state" CHECK ("hostel_rounds"."state" in ('draft', 'published', 'drawn')),
	CONSTRAINT "hostel_rounds_fee_rule" CHECK ("hostel_rounds"."fee_rule" in ('full', 'minimum')),
	CONSTRAINT "hostel_rounds_window" CHECK ("hostel_rounds"."closes_at" > "hostel_rounds"."opens_at"),
	CONSTRAINT "hostel_rounds_drawn" CHECK (("hostel_rounds"."state" = 'drawn') = ("hostel_rounds"."drawn_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "hostel_waiting_list" (
	"round_id" integer NOT NULL,
	"position" integer NOT NULL,
	"student_id" integer NOT NULL,
	"gender" text NOT NULL,
	"allocation_id" integer,
	"offered_at" timestamp with time zone,
	CONSTRAINT "hostel_waiting_list_round_id_position_pk" PRIMARY KEY("round_id","position"),
	CONSTRAINT "hostel_waiting_list_once" UNIQUE("round_id","student_id"),
	CONSTRAINT "hostel_waiting_list_allocation" UNIQUE("allocation_id")
);
--> statement-breakpoint
ALTER TABLE "hostel_allocations" ADD CONSTRAINT "hostel_allocations_round_id_hostel_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."hostel_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_allocations" ADD CONSTRAINT "hostel_allocations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_allocations" ADD CONSTRAINT "hostel_allocations_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_allocations" ADD CONSTRAINT "hostel_allocations_allocated_by_admins_id_fk" FOREIGN KEY ("allocated_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_applications" ADD CONSTRAINT "hostel_applications_round_id_hostel_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."hostel_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_applications" ADD CONSTRAINT "hostel_applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_applications" ADD CONSTRAINT "hostel_applications_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_events" ADD CONSTRAINT "hostel_events_round_id_hostel_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."hostel_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_events" ADD CONSTRAINT "hostel_events_allocation_id_hostel_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."hostel_allocations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_events" ADD CONSTRAINT "hostel_events_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_fee_payments" ADD CONSTRAINT "hostel_fee_payments_allocation_id_hostel_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."hostel_allocations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_fee_payments" ADD CONSTRAINT "hostel_fee_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_fees" ADD CONSTRAINT "hostel_fees_round_id_hostel_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."hostel_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_fees" ADD CONSTRAINT "hostel_fees_hostel_id_hostels_id_fk" FOREIGN KEY ("hostel_id") REFERENCES "public"."hostels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_rounds" ADD CONSTRAINT "hostel_rounds_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_rounds" ADD CONSTRAINT "hostel_rounds_drawn_by_admins_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_waiting_list" ADD CONSTRAINT "hostel_waiting_list_round_id_hostel_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."hostel_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_waiting_list" ADD CONSTRAINT "hostel_waiting_list_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_waiting_list" ADD CONSTRAINT "hostel_waiting_list_allocation_id_hostel_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."hostel_allocations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hostel_allocations_one_per_bed" ON "hostel_allocations" USING btree ("round_id","room_id","bed") WHERE "hostel_allocations"."state" in ('allocated', 'reserved', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "hostel_allocations_one_per_student" ON "hostel_allocations" USING btree ("round_id","student_id") WHERE "hostel_allocations"."state" in ('allocated', 'reserved', 'paid');--> statement-breakpoint
CREATE INDEX "hostel_allocations_student" ON "hostel_allocations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "hostel_allocations_due" ON "hostel_allocations" USING btree ("state","pay_by");--> statement-breakpoint
CREATE INDEX "hostel_events_round" ON "hostel_events" USING btree ("round_id","id");--> statement-breakpoint
-- A round's history is append-only: the database refuses to change or remove a row.
CREATE FUNCTION "hostel_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'hostel allocation history is append-only: % is refused', TG_OP
    USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "hostel_events_no_change" BEFORE UPDATE OR DELETE ON "hostel_events"
  FOR EACH ROW EXECUTE FUNCTION "hostel_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "hostel_events_no_truncate" BEFORE TRUNCATE ON "hostel_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "hostel_events_append_only"();
