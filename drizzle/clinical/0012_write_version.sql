-- Write versions (docs/decisions/rest-contract.md, "Deep pages by number"): deep pages by number start
-- from cached bookmarks (lib/page-bookmarks.ts), valid while the table's `<table>_write_version`
-- sequence has not moved. A row trigger bumps it for each row a statement inserts, updates or deletes
-- (~2.4 µs a row on PostgreSQL 15), so a statement that matches nothing (a worker's empty claim)
-- leaves it alone. Sequences are not transactional: the bump is seen before the commit, so a reader may
-- keep what it read just before that commit; the cache's TTL (30 s) bounds that, and a TRUNCATE (the
-- development reseed, before the service serves) too.
CREATE OR REPLACE FUNCTION "clinical"."bump_write_version"() RETURNS trigger AS $$ BEGIN PERFORM nextval(TG_ARGV[0]::regclass); RETURN NULL; END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "clinical"."patients_write_version";
--> statement-breakpoint
CREATE TRIGGER "patients_write_version" AFTER INSERT OR UPDATE OR DELETE ON "clinical"."patients" FOR EACH ROW EXECUTE FUNCTION "clinical"."bump_write_version"('clinical.patients_write_version');
