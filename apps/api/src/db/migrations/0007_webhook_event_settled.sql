ALTER TABLE "payment_events" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
-- Notices stored before this column: done if their payment is final (or unknown).
UPDATE "payment_events" e SET "settled_at" = e."received_at"
WHERE e."payment_id" IS NULL
   OR EXISTS (SELECT 1 FROM "payments" p WHERE p."id" = e."payment_id" AND p."state" <> 'pending');
