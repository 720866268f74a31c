CREATE TABLE "pharmacy"."idempotency_keys" (
	"key" text NOT NULL,
	"principal" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_key_principal_operation_pk" PRIMARY KEY("key","principal","operation")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"medication_code" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."sales_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"cashier" text NOT NULL,
	"created_by" text NOT NULL,
	"customer_name" text,
	"customer_phone" text,
	"notes" text,
	"subtotal" numeric(14, 2) NOT NULL,
	"tax_amount" numeric(14, 2) NOT NULL,
	"discount_amount" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"loyalty_account_id" uuid,
	"points_redeemed" integer DEFAULT 0 NOT NULL,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"billing_charge_id" text,
	"billing_payment_id" text,
	"payment_reference" text,
	"processing_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "sales_transactions_transaction_number_unique" UNIQUE("transaction_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"product_id" uuid,
	"inventory_item_id" uuid,
	"movement_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_before" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"notes" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."transaction_counters" (
	"pharmacy_id" uuid NOT NULL,
	"day" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "transaction_counters_pharmacy_id_day_pk" PRIMARY KEY("pharmacy_id","day")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."transaction_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"line_total" numeric(14, 2) NOT NULL,
	"tax_rate" numeric(6, 4) NOT NULL,
	"tax_amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"transaction_id" uuid,
	"patient_uhid" text,
	"customer_name" text,
	"customer_phone" text,
	"pharmacist" text NOT NULL,
	"reason" text NOT NULL,
	"advice" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"scheduled_by" text NOT NULL,
	"notes" text,
	"reminder_sent" boolean DEFAULT false NOT NULL,
	"reminder_notification_id" text,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."loyalty_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"patient_uhid" text,
	"points_balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."loyalty_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"transaction_id" uuid,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."loyalty_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"earn_amount" numeric(14, 2) NOT NULL,
	"point_value" numeric(14, 2) NOT NULL,
	"min_redeem_points" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."sales_forecasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"method" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"history_from" text NOT NULL,
	"history_to" text NOT NULL,
	"horizon_days" integer NOT NULL,
	"forecast" jsonb NOT NULL,
	"made_by" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."inventory_items" ADD CONSTRAINT "inventory_items_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."sales_transactions" ADD CONSTRAINT "sales_transactions_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_movements" ADD CONSTRAINT "stock_movements_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "pharmacy"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_movements" ADD CONSTRAINT "stock_movements_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "pharmacy"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."transaction_items" ADD CONSTRAINT "transaction_items_transaction_id_sales_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "pharmacy"."sales_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."transaction_items" ADD CONSTRAINT "transaction_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "pharmacy"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."consultations" ADD CONSTRAINT "consultations_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."follow_ups" ADD CONSTRAINT "follow_ups_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "pharmacy"."consultations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_program_id_loyalty_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "pharmacy"."loyalty_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_account_id_loyalty_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "pharmacy"."loyalty_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."loyalty_programs" ADD CONSTRAINT "loyalty_programs_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."sales_forecasts" ADD CONSTRAINT "sales_forecasts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "pharmacy"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_items_pharmacy_idx" ON "pharmacy"."inventory_items" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE INDEX "sales_transactions_pharmacy_created_idx" ON "pharmacy"."sales_transactions" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_transactions_pharmacy_status_idx" ON "pharmacy"."sales_transactions" USING btree ("pharmacy_id","status");--> statement-breakpoint
CREATE INDEX "stock_movements_reference_idx" ON "pharmacy"."stock_movements" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "stock_movements_pharmacy_idx" ON "pharmacy"."stock_movements" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "transaction_items_transaction_idx" ON "pharmacy"."transaction_items" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transaction_items_product_idx" ON "pharmacy"."transaction_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "consultations_pharmacy_idx" ON "pharmacy"."consultations" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_pharmacy_idx" ON "pharmacy"."follow_ups" USING btree ("pharmacy_id","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_accounts_program_phone_uq" ON "pharmacy"."loyalty_accounts" USING btree ("program_id","customer_phone");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_account_idx" ON "pharmacy"."loyalty_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_forecasts_pharmacy_idx" ON "pharmacy"."sales_forecasts" USING btree ("pharmacy_id","made_at");