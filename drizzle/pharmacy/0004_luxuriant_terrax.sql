CREATE TABLE "pharmacy"."goods_received_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grn_id" uuid NOT NULL,
	"purchase_order_item_id" uuid NOT NULL,
	"medication_code" text NOT NULL,
	"quantity_received" integer NOT NULL,
	"lot_number" text NOT NULL,
	"expiry_date" date NOT NULL,
	"short_expiry" boolean DEFAULT false NOT NULL,
	"condition_notes" text,
	"stock_movement_id" uuid
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."goods_received_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grn_number" text NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"delivery_note" text,
	"notes" text,
	"received_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_received_notes_grn_number_unique" UNIQUE("grn_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."procurement_counters" (
	"pharmacy_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "procurement_counters_pharmacy_id_kind_day_pk" PRIMARY KEY("pharmacy_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."purchase_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"medication_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"line_total" numeric(14, 2) NOT NULL,
	"quantity_received" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"po_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"expected_delivery" date NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"notes" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "purchase_orders_po_number_unique" UNIQUE("po_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."supplier_medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"medication_code" text NOT NULL,
	"product_name" text NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"pack_size" integer DEFAULT 1 NOT NULL,
	"lead_time_days" integer NOT NULL,
	"minimum_order_quantity" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."suppliers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."suppliers" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."suppliers" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_items" ADD CONSTRAINT "goods_received_items_grn_id_goods_received_notes_id_fk" FOREIGN KEY ("grn_id") REFERENCES "pharmacy"."goods_received_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_items" ADD CONSTRAINT "goods_received_items_purchase_order_item_id_purchase_order_items_id_fk" FOREIGN KEY ("purchase_order_item_id") REFERENCES "pharmacy"."purchase_order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_notes" ADD CONSTRAINT "goods_received_notes_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "pharmacy"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_notes" ADD CONSTRAINT "goods_received_notes_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."goods_received_notes" ADD CONSTRAINT "goods_received_notes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "pharmacy"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."purchase_order_items" ADD CONSTRAINT "purchase_order_items_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "pharmacy"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."purchase_orders" ADD CONSTRAINT "purchase_orders_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "pharmacy"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."supplier_medications" ADD CONSTRAINT "supplier_medications_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "pharmacy"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_received_items_grn_idx" ON "pharmacy"."goods_received_items" USING btree ("grn_id");--> statement-breakpoint
CREATE INDEX "goods_received_notes_order_idx" ON "pharmacy"."goods_received_notes" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "goods_received_notes_pharmacy_created_idx" ON "pharmacy"."goods_received_notes" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_items_order_code_uq" ON "pharmacy"."purchase_order_items" USING btree ("purchase_order_id","medication_code");--> statement-breakpoint
CREATE INDEX "purchase_orders_pharmacy_created_idx" ON "pharmacy"."purchase_orders" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "pharmacy"."purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_medications_supplier_code_uq" ON "pharmacy"."supplier_medications" USING btree ("supplier_id","medication_code");--> statement-breakpoint
CREATE INDEX "supplier_medications_code_idx" ON "pharmacy"."supplier_medications" USING btree ("medication_code");