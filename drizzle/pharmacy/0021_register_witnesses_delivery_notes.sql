-- Controlled supplier returns and delivery notes (docs/decisions/pharmacy.md, "Supplier returns", "Procurement").
-- A supplier return of a controlled medicine writes a witnessed `supplier_return` entry in the controlled register;
-- the return keeps its witness and the entry's id. A supplier's delivery note is booked once per pharmacy and
-- supplier (compared trimmed, without regard to case, like lots): a unique index makes a second GRN of it fail.
-- Existing data: notes already booked twice (the defect this closes) would stop the index from being built, so
-- every repeat after the first GRN of a note gets " (repeat <n> of GRN-…)" appended to its delivery_note. Nothing is
-- deleted and no stock moves: the doubled receipt stays visible for a person to correct with an adjustment.
ALTER TABLE "pharmacy"."supplier_returns" ADD COLUMN "witness" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."supplier_returns" ADD COLUMN "controlled_entry_id" uuid;--> statement-breakpoint
UPDATE "pharmacy"."goods_received_notes" AS g
SET "delivery_note" = g."delivery_note" || ' (repeat ' || (d."n" - 1) || ' of ' || d."first_grn" || ')'
FROM (
	SELECT "id", first_value("grn_number") OVER w AS "first_grn", row_number() OVER w AS "n"
	FROM "pharmacy"."goods_received_notes"
	WHERE "delivery_note" IS NOT NULL AND btrim("delivery_note") <> ''
	WINDOW w AS (PARTITION BY "pharmacy_id", "supplier_id", upper(btrim("delivery_note")) ORDER BY "created_at", "grn_number")
) AS d
WHERE g."id" = d."id" AND d."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_received_notes_delivery_note_uq" ON "pharmacy"."goods_received_notes" USING btree ("pharmacy_id","supplier_id",upper(btrim("delivery_note"))) WHERE "pharmacy"."goods_received_notes"."delivery_note" is not null and btrim("pharmacy"."goods_received_notes"."delivery_note") <> '';