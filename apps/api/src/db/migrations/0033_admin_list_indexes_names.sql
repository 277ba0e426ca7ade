-- The admin lists (issue 22). Newest first with the names: a search of the default list matching many
-- applicants reads its page from this index alone, filtering the names as it goes (it replaces
-- "applicants_created", whose columns lead it). A state's applicants in name order (ascending, as the
-- lists sort names): a page of a state's list by name reads a few of its rows in order, not all of them.
DROP INDEX "applicants_created";--> statement-breakpoint
CREATE INDEX "applicants_created_names" ON "applicants" USING btree ("created_at","id","first_name","last_name","other_name");--> statement-breakpoint
CREATE INDEX "applicants_state_name" ON "applicants" USING btree ("state_id",lower("last_name"),lower("first_name"),"id");