-- Insert versions (docs/decisions/rest-contract.md, "Deep pages by number"): cached deep-page bookmarks
-- (lib/page-bookmarks.ts) are corrected, instead of read again over the whole list, when only inserts
-- came in since they were read. Each inserted row is stamped with the next value of its table's write
-- version; updates and deletes still bump it, and also `<table>_rewrite_version` (any update or
-- delete: a filtered list's rows may have left or joined it) and `<table>_reorder_version` (a delete,
-- or an update of a column of the list's order: even the unfiltered list moved). The write version is
-- no longer bumped a second time for an insert.
ALTER TABLE "pharmacy"."stock_movements" ADD COLUMN "insert_version" bigint;--> statement-breakpoint
ALTER TABLE "pharmacy"."sales_transactions" ADD COLUMN "insert_version" bigint;--> statement-breakpoint
CREATE INDEX "stock_movements_insert_version_idx" ON "pharmacy"."stock_movements" USING btree ("insert_version");--> statement-breakpoint
CREATE INDEX "sales_transactions_insert_version_idx" ON "pharmacy"."sales_transactions" USING btree ("insert_version");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pharmacy"."stamp_insert_version"() RETURNS trigger AS $$ BEGIN NEW.insert_version := nextval(TG_ARGV[0]::regclass); RETURN NEW; END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pharmacy"."note_row_change"() RETURNS trigger AS $$
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
CREATE SEQUENCE IF NOT EXISTS "pharmacy"."sales_transactions_rewrite_version";
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "pharmacy"."sales_transactions_reorder_version";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sales_transactions_write_version" ON "pharmacy"."sales_transactions";
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_insert_version" BEFORE INSERT ON "pharmacy"."sales_transactions" FOR EACH ROW EXECUTE FUNCTION "pharmacy"."stamp_insert_version"('pharmacy.sales_transactions_write_version');
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_write_version" AFTER UPDATE OR DELETE ON "pharmacy"."sales_transactions" FOR EACH ROW EXECUTE FUNCTION "pharmacy"."note_row_change"('pharmacy.sales_transactions_write_version', 'pharmacy.sales_transactions_rewrite_version', 'pharmacy.sales_transactions_reorder_version', 'created_at', 'transaction_number');
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "pharmacy"."stock_movements_rewrite_version";
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "pharmacy"."stock_movements_reorder_version";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "stock_movements_write_version" ON "pharmacy"."stock_movements";
--> statement-breakpoint
CREATE TRIGGER "stock_movements_insert_version" BEFORE INSERT ON "pharmacy"."stock_movements" FOR EACH ROW EXECUTE FUNCTION "pharmacy"."stamp_insert_version"('pharmacy.stock_movements_write_version');
--> statement-breakpoint
CREATE TRIGGER "stock_movements_write_version" AFTER UPDATE OR DELETE ON "pharmacy"."stock_movements" FOR EACH ROW EXECUTE FUNCTION "pharmacy"."note_row_change"('pharmacy.stock_movements_write_version', 'pharmacy.stock_movements_rewrite_version', 'pharmacy.stock_movements_reorder_version', 'created_at', 'id');
