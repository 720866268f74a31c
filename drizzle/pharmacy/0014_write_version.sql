-- Write versions of the two big pharmacy lists, as clinical's migration 0012 explains (lib/page-bookmarks.ts).
CREATE OR REPLACE FUNCTION "pharmacy"."bump_write_version"() RETURNS trigger AS $$ BEGIN PERFORM nextval(TG_ARGV[0]::regclass); RETURN NULL; END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "pharmacy"."sales_transactions_write_version";
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_write_version" AFTER INSERT OR UPDATE OR DELETE ON "pharmacy"."sales_transactions" FOR EACH ROW EXECUTE FUNCTION "pharmacy"."bump_write_version"('pharmacy.sales_transactions_write_version');
--> statement-breakpoint
-- Stock movements: every sale, receipt and adjustment writes one, so their bookmarks move often.
CREATE SEQUENCE IF NOT EXISTS "pharmacy"."stock_movements_write_version";
--> statement-breakpoint
CREATE TRIGGER "stock_movements_write_version" AFTER INSERT OR UPDATE OR DELETE ON "pharmacy"."stock_movements" FOR EACH ROW EXECUTE FUNCTION "pharmacy"."bump_write_version"('pharmacy.stock_movements_write_version');
