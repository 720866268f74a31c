-- Insert versions (docs/decisions/rest-contract.md, "Deep pages by number"): cached deep-page bookmarks
-- (lib/page-bookmarks.ts) are corrected, instead of read again over the whole list, when only inserts
-- came in since they were read. Each inserted row is stamped with the next value of its table's write
-- version; updates and deletes still bump it, and also `<table>_rewrite_version` (any update or
-- delete: a filtered list's rows may have left or joined it) and `<table>_reorder_version` (a delete,
-- or an update of a column of the list's order: even the unfiltered list moved). The write version is
-- no longer bumped a second time for an insert.
ALTER TABLE "clinical"."patients" ADD COLUMN "insert_version" bigint;--> statement-breakpoint
CREATE INDEX "patients_insert_version_idx" ON "clinical"."patients" USING btree ("insert_version");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinical"."stamp_insert_version"() RETURNS trigger AS $$ BEGIN NEW.insert_version := nextval(TG_ARGV[0]::regclass); RETURN NEW; END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinical"."note_row_change"() RETURNS trigger AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
  new_row jsonb;
BEGIN
  -- TG_ARGV: the write, rewrite and reorder versions, then the columns of the list's order.
  PERFORM nextval(TG_ARGV[0]::regclass);
  PERFORM nextval(TG_ARGV[1]::regclass);
  IF TG_OP = 'DELETE' THEN
    PERFORM nextval(TG_ARGV[2]::regclass);
    RETURN NULL;
  END IF;
  new_row := to_jsonb(NEW);
  FOR i IN 3 .. TG_NARGS - 1 LOOP
    IF old_row -> TG_ARGV[i] IS DISTINCT FROM new_row -> TG_ARGV[i] THEN
      PERFORM nextval(TG_ARGV[2]::regclass);
      EXIT;
    END IF;
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "clinical"."patients_rewrite_version";
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "clinical"."patients_reorder_version";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "patients_write_version" ON "clinical"."patients";
--> statement-breakpoint
CREATE TRIGGER "patients_insert_version" BEFORE INSERT ON "clinical"."patients" FOR EACH ROW EXECUTE FUNCTION "clinical"."stamp_insert_version"('clinical.patients_write_version');
--> statement-breakpoint
CREATE TRIGGER "patients_write_version" AFTER UPDATE OR DELETE ON "clinical"."patients" FOR EACH ROW EXECUTE FUNCTION "clinical"."note_row_change"('clinical.patients_write_version', 'clinical.patients_rewrite_version', 'clinical.patients_reorder_version', 'uhid');
