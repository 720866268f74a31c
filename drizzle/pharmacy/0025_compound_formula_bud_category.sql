ALTER TABLE "pharmacy"."compound_formulas" ADD COLUMN "bud_category" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."compound_formulas" ADD COLUMN "stability_reference" text;