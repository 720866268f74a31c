CREATE TABLE "pharmacy"."controlled_balances" (
	"pharmacy_id" uuid NOT NULL,
	"medication_code" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "controlled_balances_pharmacy_id_medication_code_pk" PRIMARY KEY("pharmacy_id","medication_code")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."controlled_register_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_number" bigserial NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"medication_code" text NOT NULL,
	"transaction_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance_before" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"recorded_by" text NOT NULL,
	"witness" text,
	"prescription_id" text,
	"reference_type" text,
	"reference_id" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "controlled_register_entries_entry_number_unique" UNIQUE("entry_number")
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."controlled_balances" ADD CONSTRAINT "controlled_balances_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."controlled_register_entries" ADD CONSTRAINT "controlled_register_entries_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "controlled_register_pharmacy_drug_idx" ON "pharmacy"."controlled_register_entries" USING btree ("pharmacy_id","medication_code","created_at");--> statement-breakpoint
CREATE INDEX "controlled_register_created_idx" ON "pharmacy"."controlled_register_entries" USING btree ("created_at");