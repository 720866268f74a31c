-- List departures (docs/decisions/rest-contract.md, "Deep pages by number"): cached deep-page bookmarks
-- (lib/page-bookmarks.ts) shift by the rows that left a list as well as by those that came in, so a
-- delete or an update no longer makes the next deep page read the whole list again. A delete, or an
-- update of a column that a list orders or filters by (the trigger's arguments), logs the row's old
-- state in list_departures under the next write version; an update also stamps the new state's
-- insert_version with it, so the new state counts as an arrival. Every update or delete still bumps
-- `<table>_rewrite_version` (a list filtering by a column not named here is read again). TRUNCATE
-- bumps `<table>_reset_version` (the former reorder version): every bookmark is read again. Departures
-- older than 15 minutes are pruned every 1,024th version (at most 10,000 at a time, skipping rows
-- another transaction is pruning); bookmarks older than 5 minutes are not shifted.
CREATE TABLE "notifications"."list_departures" (
	"table_name" text NOT NULL,
	"departed" bigint NOT NULL,
	"born" bigint,
	"row" jsonb NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_departures_departed_idx" ON "notifications"."list_departures" USING btree ("table_name","departed");--> statement-breakpoint
CREATE INDEX "list_departures_logged_at_idx" ON "notifications"."list_departures" USING btree ("logged_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notifications"."note_row_departure"() RETURNS trigger AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
  new_row jsonb;
  kept jsonb := '{}';
  departs boolean := TG_OP = 'DELETE';
  v bigint;
BEGIN
  -- TG_ARGV: the write and rewrite versions, then the columns the table's lists order or filter by.
  PERFORM nextval(TG_ARGV[1]::regclass);
  IF NOT departs THEN
    new_row := to_jsonb(NEW);
    FOR i IN 2 .. TG_NARGS - 1 LOOP
      IF old_row -> TG_ARGV[i] IS DISTINCT FROM new_row -> TG_ARGV[i] THEN
        departs := true;
        EXIT;
      END IF;
    END LOOP;
  END IF;
  IF departs THEN
    FOR i IN 2 .. TG_NARGS - 1 LOOP
      kept := kept || jsonb_build_object(TG_ARGV[i], old_row -> TG_ARGV[i]);
    END LOOP;
    v := nextval(TG_ARGV[0]::regclass);
    INSERT INTO "notifications"."list_departures" (table_name, departed, born, row, logged_at) VALUES (TG_TABLE_NAME, v, OLD.insert_version, kept, clock_timestamp());
    IF v % 1024 = 0 THEN
      -- Rows another transaction is pruning are skipped, not waited for: pruning never makes a write wait.
      DELETE FROM "notifications"."list_departures" WHERE ctid IN (
        SELECT ctid FROM "notifications"."list_departures" WHERE logged_at < clock_timestamp() - interval '15 minutes' LIMIT 10000 FOR UPDATE SKIP LOCKED);
    END IF;
    IF TG_OP = 'UPDATE' THEN
      NEW.insert_version := v;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notifications"."note_truncate"() RETURNS trigger AS $$ BEGIN PERFORM nextval(TG_ARGV[0]::regclass); RETURN NULL; END $$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "notifications_write_version" ON "notifications"."notifications";
--> statement-breakpoint
ALTER SEQUENCE "notifications"."notifications_reorder_version" RENAME TO "notifications_reset_version";
--> statement-breakpoint
CREATE TRIGGER "notifications_departure" BEFORE UPDATE OR DELETE ON "notifications"."notifications" FOR EACH ROW EXECUTE FUNCTION "notifications"."note_row_departure"('notifications.notifications_write_version', 'notifications.notifications_rewrite_version', 'created_at', 'notification_number', 'recipient_type', 'patient_uhid', 'status', 'channel');
--> statement-breakpoint
CREATE TRIGGER "notifications_truncate" AFTER TRUNCATE ON "notifications"."notifications" FOR EACH STATEMENT EXECUTE FUNCTION "notifications"."note_truncate"('notifications.notifications_reset_version');
--> statement-breakpoint
DROP FUNCTION IF EXISTS "notifications"."note_row_change"();
