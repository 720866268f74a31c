CREATE TABLE "pharmacy"."compound_formula_ingredients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"formula_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"stock_code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"quantity_per_unit" numeric(14, 4) NOT NULL,
	"unit" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."compound_formulas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"dosage_form" text NOT NULL,
	"batch_unit" text NOT NULL,
	"beyond_use_days" integer NOT NULL,
	"instructions" text,
	"tolerance_percent" numeric(5, 2) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"retired_by" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compound_formulas_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."compound_preparation_ingredients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"preparation_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"stock_code" text NOT NULL,
	"required" numeric(16, 4) NOT NULL,
	"quantity" integer NOT NULL,
	"stock_movement_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."compound_preparations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_number" text NOT NULL,
	"formula_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"medication_code" text NOT NULL,
	"batch_size" integer NOT NULL,
	"prepared_by" text NOT NULL,
	"recorded_by" text NOT NULL,
	"prepared_on" date NOT NULL,
	"beyond_use_date" date NOT NULL,
	"batch_id" uuid NOT NULL,
	"stock_movement_id" uuid NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compound_preparations_lot_number_unique" UNIQUE("lot_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."compounding_counters" (
	"pharmacy_id" uuid NOT NULL,
	"day" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "compounding_counters_pharmacy_id_day_pk" PRIMARY KEY("pharmacy_id","day")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."customer_return_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"transaction_item_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"condition" text NOT NULL,
	"disposition" text NOT NULL,
	"disposition_reason" text NOT NULL,
	"refund_amount" numeric(14, 2) NOT NULL,
	"batches" jsonb NOT NULL,
	"stock_movement_id" uuid,
	"quarantine_id" uuid,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."customer_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"refund_amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"refund_method" text NOT NULL,
	"billing_charge_id" text,
	"billing_refund_id" text,
	"refund_reference" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "customer_returns_return_number_unique" UNIQUE("return_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."destructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"destruction_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"source" text NOT NULL,
	"quarantine_id" uuid,
	"inventory_item_id" uuid NOT NULL,
	"medication_code" text,
	"batch_id" uuid,
	"lot_number" text,
	"expiry_date" date,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"witness" text NOT NULL,
	"destroyed_by" text NOT NULL,
	"stock_movement_id" uuid,
	"controlled_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destructions_destruction_number_unique" UNIQUE("destruction_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."quarantine_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"medication_code" text,
	"name" text NOT NULL,
	"lot_number" text,
	"expiry_date" date,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'quarantined' NOT NULL,
	"destruction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."returns_counters" (
	"pharmacy_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "returns_counters_pharmacy_id_kind_day_pk" PRIMARY KEY("pharmacy_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."supplier_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"purchase_order_id" uuid,
	"inventory_item_id" uuid NOT NULL,
	"medication_code" text,
	"batch_id" uuid NOT NULL,
	"lot_number" text,
	"expiry_date" date,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"stock_movement_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_returns_return_number_unique" UNIQUE("return_number")
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."compound_formula_ingredients" ADD CONSTRAINT "compound_formula_ingredients_formula_id_compound_formulas_id_fk" FOREIGN KEY ("formula_id") REFERENCES "pharmacy"."compound_formulas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."compound_preparation_ingredients" ADD CONSTRAINT "compound_preparation_ingredients_preparation_id_compound_preparations_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "pharmacy"."compound_preparations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."compound_preparation_ingredients" ADD CONSTRAINT "compound_preparation_ingredients_ingredient_id_compound_formula_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "pharmacy"."compound_formula_ingredients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."compound_preparations" ADD CONSTRAINT "compound_preparations_formula_id_compound_formulas_id_fk" FOREIGN KEY ("formula_id") REFERENCES "pharmacy"."compound_formulas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."compound_preparations" ADD CONSTRAINT "compound_preparations_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."customer_return_items" ADD CONSTRAINT "customer_return_items_return_id_customer_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "pharmacy"."customer_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."customer_return_items" ADD CONSTRAINT "customer_return_items_transaction_item_id_transaction_items_id_fk" FOREIGN KEY ("transaction_item_id") REFERENCES "pharmacy"."transaction_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."customer_return_items" ADD CONSTRAINT "customer_return_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "pharmacy"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."customer_return_items" ADD CONSTRAINT "customer_return_items_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "pharmacy"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."customer_returns" ADD CONSTRAINT "customer_returns_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."customer_returns" ADD CONSTRAINT "customer_returns_transaction_id_sales_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "pharmacy"."sales_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."destructions" ADD CONSTRAINT "destructions_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."quarantine_records" ADD CONSTRAINT "quarantine_records_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."supplier_returns" ADD CONSTRAINT "supplier_returns_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."supplier_returns" ADD CONSTRAINT "supplier_returns_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "pharmacy"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."supplier_returns" ADD CONSTRAINT "supplier_returns_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "pharmacy"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."supplier_returns" ADD CONSTRAINT "supplier_returns_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "pharmacy"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compound_formula_ingredients_formula_idx" ON "pharmacy"."compound_formula_ingredients" USING btree ("formula_id");--> statement-breakpoint
CREATE UNIQUE INDEX "compound_formula_ingredients_formula_code_uq" ON "pharmacy"."compound_formula_ingredients" USING btree ("formula_id","stock_code");--> statement-breakpoint
CREATE INDEX "compound_preparation_ingredients_prep_idx" ON "pharmacy"."compound_preparation_ingredients" USING btree ("preparation_id");--> statement-breakpoint
CREATE INDEX "compound_preparations_pharmacy_created_idx" ON "pharmacy"."compound_preparations" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "compound_preparations_formula_idx" ON "pharmacy"."compound_preparations" USING btree ("formula_id");--> statement-breakpoint
CREATE INDEX "customer_return_items_return_idx" ON "pharmacy"."customer_return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "customer_returns_pharmacy_created_idx" ON "pharmacy"."customer_returns" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_returns_transaction_idx" ON "pharmacy"."customer_returns" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "destructions_pharmacy_created_idx" ON "pharmacy"."destructions" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "quarantine_records_pharmacy_status_idx" ON "pharmacy"."quarantine_records" USING btree ("pharmacy_id","status");--> statement-breakpoint
CREATE INDEX "supplier_returns_pharmacy_created_idx" ON "pharmacy"."supplier_returns" USING btree ("pharmacy_id","created_at");