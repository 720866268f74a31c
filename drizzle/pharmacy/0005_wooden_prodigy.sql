CREATE TABLE "pharmacy"."stock_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"lot_number" text,
	"expiry_date" date,
	"quantity" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."stock_movement_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"movement_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."inventory_items" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_batches" ADD CONSTRAINT "stock_batches_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "pharmacy"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_batches" ADD CONSTRAINT "stock_batches_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_movement_batches" ADD CONSTRAINT "stock_movement_batches_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "pharmacy"."stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_movement_batches" ADD CONSTRAINT "stock_movement_batches_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "pharmacy"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_batches_item_idx" ON "pharmacy"."stock_batches" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "stock_batches_pharmacy_expiry_idx" ON "pharmacy"."stock_batches" USING btree ("pharmacy_id","expiry_date");--> statement-breakpoint
CREATE INDEX "stock_movement_batches_movement_idx" ON "pharmacy"."stock_movement_batches" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "stock_movement_batches_batch_idx" ON "pharmacy"."stock_movement_batches" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "pharmacy"."inventory_items" ADD CONSTRAINT "inventory_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "pharmacy"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_pharmacy_medication_uq" ON "pharmacy"."inventory_items" USING btree ("pharmacy_id","medication_code");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_product_uq" ON "pharmacy"."inventory_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "pharmacy"."stock_movements" USING btree ("inventory_item_id","created_at");--> statement-breakpoint
-- ─────────────────────────────────────────────────────────────────────────────────────────────────
-- HAND-WRITTEN DATA MIGRATION (issue 10, inventory ledger). Keep this block at the end of this
-- migration when renumbering: it must run after the DDL above and before the next migration drops
-- products.stock_quantity. Existing rows become the batch ledger's shape:
--  1. every product keeping standalone stock (or with movements against its standalone stock) gets
--     its own stock item holding that quantity;
--  2. movements that named a product's standalone stock now name that item;
--  3. every item holding units gets one opening batch (lot and expiry unknown: null);
--  4. where an item's quantity predates its movements (created with a quantity, no movement), an
--     `opening_balance` receipt is written first in its chain, so the sum of movements = stock on hand.
-- Two items of one pharmacy with the same medication code make the unique index above fail: merge
-- them by hand first (the migration does not guess which is right).
-- ─────────────────────────────────────────────────────────────────────────────────────────────────
INSERT INTO "pharmacy"."inventory_items" ("pharmacy_id", "name", "product_id", "quantity", "reorder_level", "created_at")
SELECT p."pharmacy_id", p."name", p."id", CASE WHEN p."inventory_item_id" IS NULL THEN p."stock_quantity" ELSE 0 END, 0, p."created_at"
FROM "pharmacy"."products" p
WHERE (p."inventory_item_id" IS NULL
       OR EXISTS (SELECT 1 FROM "pharmacy"."stock_movements" m WHERE m."product_id" = p."id" AND m."inventory_item_id" IS NULL))
  AND NOT EXISTS (SELECT 1 FROM "pharmacy"."inventory_items" i WHERE i."product_id" = p."id");
--> statement-breakpoint
UPDATE "pharmacy"."stock_movements" m SET "inventory_item_id" = i."id"
FROM "pharmacy"."inventory_items" i
WHERE m."inventory_item_id" IS NULL AND i."product_id" = m."product_id";
--> statement-breakpoint
INSERT INTO "pharmacy"."stock_batches" ("inventory_item_id", "pharmacy_id", "lot_number", "expiry_date", "quantity", "received_at")
SELECT i."id", i."pharmacy_id", NULL, NULL, i."quantity", i."created_at"
FROM "pharmacy"."inventory_items" i
WHERE i."quantity" > 0 AND NOT EXISTS (SELECT 1 FROM "pharmacy"."stock_batches" b WHERE b."inventory_item_id" = i."id");
--> statement-breakpoint
INSERT INTO "pharmacy"."stock_movements" ("pharmacy_id", "product_id", "inventory_item_id", "movement_type", "quantity", "quantity_before", "quantity_after", "reference_type", "reference_id", "notes", "created_by", "created_at")
SELECT o."pharmacy_id", o."product_id", o."id", 'receipt', o."opening", 0, o."opening", 'opening_balance', o."id"::text, 'stock held before the batch ledger (migration)', 'migration', o."at"
FROM (
  SELECT i."id", i."pharmacy_id", i."product_id",
         COALESCE((SELECT m."quantity_before" FROM "pharmacy"."stock_movements" m WHERE m."inventory_item_id" = i."id" ORDER BY m."created_at", m."id" LIMIT 1), i."quantity") AS "opening",
         LEAST(i."created_at", COALESCE((SELECT min(m."created_at") FROM "pharmacy"."stock_movements" m WHERE m."inventory_item_id" = i."id"), i."created_at")) - interval '1 millisecond' AS "at"
  FROM "pharmacy"."inventory_items" i
) o
WHERE o."opening" > 0;
