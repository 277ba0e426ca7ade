-- An item's offering columns (repeated from its section so its checks and counts need no join) are its
-- section's: the database keeps them so.
ALTER TABLE "content_sections" ADD CONSTRAINT "content_sections_id_offering" UNIQUE("id","course_id","session_id");--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_section_offering" FOREIGN KEY ("section_id","course_id","session_id") REFERENCES "public"."content_sections"("id","course_id","session_id") ON DELETE no action ON UPDATE no action;
