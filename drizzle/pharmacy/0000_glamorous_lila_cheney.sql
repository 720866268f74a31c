CREATE SCHEMA "pharmacy";
--> statement-breakpoint
CREATE TABLE "pharmacy"."pharmacies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"district" text NOT NULL,
	"address" text,
	"phone" text,
	"tax_rate" numeric(6, 4) DEFAULT '0.18' NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pharmacies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_uhid" text NOT NULL,
	"prescriber" text NOT NULL,
	"medication_code" text,
	"medication_name" text NOT NULL,
	"dose" text NOT NULL,
	"frequency" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"dispensed_by_pharmacy" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"category" text NOT NULL,
	"retail_price" numeric(14, 2) NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"inventory_item_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"district" text,
	"phone" text,
	"email" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "suppliers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."products" ADD CONSTRAINT "products_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescriptions_patient_idx" ON "pharmacy"."prescriptions" USING btree ("patient_uhid","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_pharmacy_sku_uq" ON "pharmacy"."products" USING btree ("pharmacy_id","sku");--> statement-breakpoint
CREATE INDEX "products_pharmacy_name_idx" ON "pharmacy"."products" USING btree ("pharmacy_id","name");