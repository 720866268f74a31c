-- Partial fills (docs/decisions/pharmacy.md, "Dispensing"): a fill (the prescription itself, or a refill) may be
-- dispensed in several parts until every item is given or a pharmacist closes it short. A fill's dispenses are
-- numbered by `part` (existing dispenses are part 1: one per fill until now); each item keeps what the current
-- fill has given (`quantity_dispensed`, never above `quantity`); `open_refill_number` names the refill being
-- dispensed; `prescription_fill_closures` records fills closed short, with who, why and what stopped being owed.
-- Backfill from existing data: a requested refill is the prescription's open refill; each item's
-- quantity_dispensed is what the last fill's dispense gave of it (a requested refill has given nothing yet); and
-- a fill dispensed short before this migration (what was not given was not owed then) gets a closure saying so,
-- so it reads as closed rather than as complete.
CREATE TABLE "pharmacy"."prescription_fill_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"fill_number" integer NOT NULL,
	"refill_id" uuid,
	"pharmacy_id" uuid,
	"reason" text NOT NULL,
	"closed_by" text NOT NULL,
	"not_given" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "pharmacy"."dispenses_fill_uq";--> statement-breakpoint
DROP INDEX "pharmacy"."prescription_refills_one_open_uq";--> statement-breakpoint
ALTER TABLE "pharmacy"."dispenses" ADD COLUMN "part" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy"."prescription_items" ADD COLUMN "quantity_dispensed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" ADD COLUMN "open_refill_number" integer;--> statement-breakpoint
ALTER TABLE "pharmacy"."prescription_fill_closures" ADD CONSTRAINT "prescription_fill_closures_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "pharmacy"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_fill_closures_fill_uq" ON "pharmacy"."prescription_fill_closures" USING btree ("prescription_id","fill_number");--> statement-breakpoint
CREATE UNIQUE INDEX "dispenses_fill_part_uq" ON "pharmacy"."dispenses" USING btree ("prescription_id","fill_number","part");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_refills_one_open_uq" ON "pharmacy"."prescription_refills" USING btree ("prescription_id") WHERE status in ('requested', 'partially_dispensed');--> statement-breakpoint
UPDATE "pharmacy"."prescriptions" p SET "open_refill_number" = r."number"
FROM "pharmacy"."prescription_refills" r
WHERE r."prescription_id" = p."id" AND r."status" = 'requested';--> statement-breakpoint
UPDATE "pharmacy"."prescription_items" i SET "quantity_dispensed" = LEAST(g."given", i."quantity")
FROM (
  SELECT d."prescription_id", di."medication_code", sum(di."quantity")::int AS "given"
  FROM "pharmacy"."dispenses" d
  JOIN "pharmacy"."dispense_items" di ON di."dispense_id" = d."id"
  WHERE d."fill_number" = (SELECT max(d2."fill_number") FROM "pharmacy"."dispenses" d2 WHERE d2."prescription_id" = d."prescription_id")
  GROUP BY d."prescription_id", di."medication_code"
) g, "pharmacy"."prescriptions" p
WHERE g."prescription_id" = i."prescription_id" AND g."medication_code" = i."medication_code"
  AND p."id" = i."prescription_id" AND p."open_refill_number" IS NULL;--> statement-breakpoint
INSERT INTO "pharmacy"."prescription_fill_closures" ("prescription_id", "fill_number", "refill_id", "pharmacy_id", "reason", "closed_by", "not_given", "closed_at")
SELECT d."prescription_id", d."fill_number", d."refill_id", d."pharmacy_id",
  'Dispensed short before partial fills were tracked: what was not given stopped being owed',
  'migration:0020_partial_fills',
  jsonb_agg(jsonb_build_object('medicationCode', i."medication_code", 'medicationName', i."medication_name", 'quantity', i."quantity" - coalesce(g."given", 0)) ORDER BY i."position"),
  d."created_at"
FROM "pharmacy"."dispenses" d
JOIN "pharmacy"."prescription_items" i ON i."prescription_id" = d."prescription_id" AND (d."fill_number" = 0 OR i."refills_allowed" >= d."fill_number")
LEFT JOIN LATERAL (
  SELECT sum(di."quantity")::int AS "given" FROM "pharmacy"."dispense_items" di WHERE di."dispense_id" = d."id" AND di."medication_code" = i."medication_code"
) g ON true
WHERE i."quantity" > coalesce(g."given", 0)
GROUP BY d."id", d."prescription_id", d."fill_number", d."refill_id", d."pharmacy_id", d."created_at";--> statement-breakpoint
ALTER TABLE "pharmacy"."prescription_items" ADD CONSTRAINT "prescription_items_dispensed_within_quantity" CHECK ("pharmacy"."prescription_items"."quantity_dispensed" >= 0 AND "pharmacy"."prescription_items"."quantity_dispensed" <= "pharmacy"."prescription_items"."quantity");