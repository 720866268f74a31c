CREATE TABLE "billing"."service_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"service_code" text NOT NULL,
	"pharmacy_id" text,
	"description" text NOT NULL,
	"pricing" text NOT NULL,
	"unit_price" numeric(14, 2),
	"currency" text NOT NULL,
	"taxable" boolean NOT NULL,
	"tax_rate" numeric(5, 4) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "service_prices_version_code_pharmacy_uq" UNIQUE NULLS NOT DISTINCT("version","service_code","pharmacy_id")
);
--> statement-breakpoint
ALTER TABLE "billing"."charges" ADD COLUMN "tax_amount" numeric(14, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."charges" ADD COLUMN "price_list_version" text;