ALTER TABLE "pharmacy"."stock_movements" ALTER COLUMN "inventory_item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy"."products" DROP COLUMN "stock_quantity";