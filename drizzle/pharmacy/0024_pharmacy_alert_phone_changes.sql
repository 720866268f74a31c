-- Pharmacy alert phone and the record of pharmacy changes (docs/decisions/pharmacy.md, "Cold chain", 2026-11-28).
-- Pharmacies get `alert_phone`, a mobile number that takes the urgent messages (cold-chain excursions, silent loggers)
-- instead of `phone`, which is often a landline; null for every existing pharmacy, so their messages keep going to
-- `phone` until one is set. Changes made through the API (name, address, phone, alert_phone) are recorded one row per
-- field with the value before and after, who and when; the record is append-only: a trigger refuses UPDATE and DELETE.
CREATE TABLE "pharmacy"."pharmacy_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"field" text NOT NULL,
	"previous_value" text,
	"value" text,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."pharmacies" ADD COLUMN "alert_phone" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."pharmacy_changes" ADD CONSTRAINT "pharmacy_changes_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pharmacy_changes_pharmacy_idx" ON "pharmacy"."pharmacy_changes" USING btree ("pharmacy_id","changed_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pharmacy"."pharmacy_changes_refuse_change"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'pharmacy.pharmacy_changes is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "pharmacy_changes_append_only" BEFORE UPDATE OR DELETE ON "pharmacy"."pharmacy_changes"
  FOR EACH ROW EXECUTE FUNCTION "pharmacy"."pharmacy_changes_refuse_change"();
