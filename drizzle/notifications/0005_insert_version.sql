-- Insert versions (docs/decisions/rest-contract.md, "Deep pages by number"): cached deep-page bookmarks
-- (lib/page-bookmarks.ts) are corrected, instead of read again over the whole list, when only inserts
-- came in since they were read. Each inserted row is stamped with the next value of its table's write
-- version; updates and deletes still bump it, and also `<table>_rewrite_version` (any update or
-- delete: a filtered list's rows may have left or joined it) and `<table>_reorder_version` (a delete,
-- or an update of a column of the list's order: even the unfiltered list moved). The write version is
-- no longer bumped a second time for an insert.
ALTER TABLE "notifications"."notifications" ADD COLUMN "insert_version" bigint;--> statement-breakpoint
CREATE INDEX "notifications_insert_version_idx" ON "notifications"."notifications" USING btree ("insert_version");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notifications"."stamp_insert_version"() RETURNS trigger AS $$ BEGIN NEW.insert_version := nextval(TG_ARGV[0]::regclass); RETURN NEW; END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notifications"."note_row_change"() RETURNS trigger AS $$
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
CREATE SEQUENCE IF NOT EXISTS "notifications"."notifications_rewrite_version";
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "notifications"."notifications_reorder_version";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "notifications_write_version" ON "notifications"."notifications";
--> statement-breakpoint
CREATE TRIGGER "notifications_insert_version" BEFORE INSERT ON "notifications"."notifications" FOR EACH ROW EXECUTE FUNCTION "notifications"."stamp_insert_version"('notifications.notifications_write_version');
--> statement-breakpoint
CREATE TRIGGER "notifications_write_version" AFTER UPDATE OR DELETE ON "notifications"."notifications" FOR EACH ROW EXECUTE FUNCTION "notifications"."note_row_change"('notifications.notifications_write_version', 'notifications.notifications_rewrite_version', 'notifications.notifications_reorder_version', 'created_at', 'notification_number');
