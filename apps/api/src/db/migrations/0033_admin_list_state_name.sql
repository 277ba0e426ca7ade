-- The admin lists: a state's applicants in name order (ascending, as the lists sort names), so that a page
-- of a state's list sorted by name reads a few of its rows in order instead of all of them.
CREATE INDEX "applicants_state_name" ON "applicants" USING btree ("state_id",lower("last_name"),lower("first_name"),"id");