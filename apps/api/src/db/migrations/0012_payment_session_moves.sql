CREATE TABLE "payment_session_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"from_session_id" integer,
	"to_session_id" integer NOT NULL,
	"reason" text NOT NULL,
	"admin_id" integer NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_session_moves" ADD CONSTRAINT "payment_session_moves_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_session_moves" ADD CONSTRAINT "payment_session_moves_from_session_id_academic_sessions_id_fk" FOREIGN KEY ("from_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_session_moves" ADD CONSTRAINT "payment_session_moves_to_session_id_academic_sessions_id_fk" FOREIGN KEY ("to_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_session_moves" ADD CONSTRAINT "payment_session_moves_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_session_moves_payment" ON "payment_session_moves" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_session_moves_moved" ON "payment_session_moves" USING btree ("moved_at");