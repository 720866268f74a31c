-- Late cold-chain readings (docs/decisions/pharmacy.md, "Late readings"): an out-of-range reading that arrives
-- after a later one was processed may open or widen an excursion; the excursion counts such readings and,
-- when it revises a closed excursion, names it.
ALTER TABLE "pharmacy"."cold_chain_excursions" ADD COLUMN "late_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy"."cold_chain_excursions" ADD COLUMN "revises_excursion_id" uuid;