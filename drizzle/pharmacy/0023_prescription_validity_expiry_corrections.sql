-- Prescription validity and batch expiry corrections (docs/decisions/pharmacy.md, "Dispensing" and "Inventory ledger",
-- 2026-11-28). Prescriptions get `valid_until`, the last day (Africa/Kampala) they may be dispensed or refilled. Existing
-- prescriptions get the default from the day they were written (prescription-validity.ts, in SQL): six months beginning
-- with that day (the day before the same day six months later, or that month's last day when it has no such day), and
-- 30 days beginning with it when an item is a controlled medicine (the catalog's controlled codes when this migration was
-- written: medications.json `controlled: true`). Expiry corrections are an append-only record: a trigger refuses UPDATE
-- and DELETE.
CREATE TABLE "pharmacy"."stock_batch_expiry_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"lot_number" text,
	"previous_expiry_date" date,
	"expiry_date" date NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" text NOT NULL,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" ADD COLUMN "valid_until" date;--> statement-breakpoint
UPDATE "pharmacy"."prescriptions" p SET "valid_until" = v.valid_until
FROM (
  SELECT id, CASE WHEN EXISTS (
           SELECT 1 FROM "pharmacy"."prescription_items" i
           WHERE i.prescription_id = d.id
             AND i.medication_code IN ('2670', '10689', '7052', '4337', '6813', '7804', '3322', '6960', 'local:pethidine', 'local:phenobarbital')
         ) THEN least(six_months, issued + 29) ELSE six_months END AS valid_until
  FROM (
    SELECT id, issued,
           CASE WHEN extract(day FROM (issued + interval '6 months')) < extract(day FROM issued)
                THEN (issued + interval '6 months')::date
                ELSE (issued + interval '6 months')::date - 1 END AS six_months
    FROM (SELECT id, (issued_at AT TIME ZONE 'Africa/Kampala')::date AS issued FROM "pharmacy"."prescriptions") x
  ) d
) v
WHERE v.id = p.id;--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" ALTER COLUMN "valid_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_batch_expiry_corrections" ADD CONSTRAINT "stock_batch_expiry_corrections_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "pharmacy"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_batch_expiry_corrections" ADD CONSTRAINT "stock_batch_expiry_corrections_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "pharmacy"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_batch_expiry_corrections" ADD CONSTRAINT "stock_batch_expiry_corrections_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_batch_expiry_corrections_batch_idx" ON "pharmacy"."stock_batch_expiry_corrections" USING btree ("batch_id","corrected_at");--> statement-breakpoint
CREATE INDEX "stock_batch_expiry_corrections_pharmacy_idx" ON "pharmacy"."stock_batch_expiry_corrections" USING btree ("pharmacy_id","corrected_at");;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pharmacy"."stock_batch_expiry_corrections_refuse_change"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'pharmacy.stock_batch_expiry_corrections is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "stock_batch_expiry_corrections_append_only" BEFORE UPDATE OR DELETE ON "pharmacy"."stock_batch_expiry_corrections"
  FOR EACH ROW EXECUTE FUNCTION "pharmacy"."stock_batch_expiry_corrections_refuse_change"();
