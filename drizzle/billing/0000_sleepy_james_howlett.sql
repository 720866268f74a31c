CREATE SCHEMA "billing";
--> statement-breakpoint
CREATE TABLE "billing"."charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_uhid" text,
	"service_code" text NOT NULL,
	"service_description" text NOT NULL,
	"quantity" integer NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"pharmacy_id" text,
	"total_amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "charges_reference_uq" ON "billing"."charges" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "charges_pharmacy_idx" ON "billing"."charges" USING btree ("pharmacy_id");