-- Goods received notes: rejected goods and controlled receipts (docs/decisions/pharmacy.md, "Procurement").
-- Each GRN line records the units refused at the door (`rejected_quantity`, 0..quantity_received, with a required
-- `rejection_reason` when > 0): only the accepted rest enters stock, the controlled register and the order's
-- received quantity. A line of a controlled medicine keeps the id of the register's `receipt` entry it wrote; the
-- note keeps its witness. Existing lines get rejected_quantity 0 (everything delivered was accepted, as booked).
-- Past controlled receipts booked without a register entry are not written here: a person reconciles them at a
-- stock take with a witnessed adjustment (an automatic entry could double a receipt already entered by hand).
ALTER TABLE "pharmacy"."goods_received_items" ADD COLUMN "rejected_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_items" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_items" ADD COLUMN "controlled_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_notes" ADD COLUMN "witness" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_items" ADD CONSTRAINT "goods_received_items_rejected_within_received" CHECK ("pharmacy"."goods_received_items"."rejected_quantity" >= 0 AND "pharmacy"."goods_received_items"."rejected_quantity" <= "pharmacy"."goods_received_items"."quantity_received");--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_items" ADD CONSTRAINT "goods_received_items_rejection_reason" CHECK ("pharmacy"."goods_received_items"."rejected_quantity" = 0 OR btrim(coalesce("pharmacy"."goods_received_items"."rejection_reason", '')) <> '');