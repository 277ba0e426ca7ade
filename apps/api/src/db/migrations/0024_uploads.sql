CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_admins_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_unclaimed" ON "uploads" USING btree ("created_at") WHERE "uploads"."claimed_at" is null;