CREATE TABLE "pharmacy"."stock_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"batch_id" uuid,
	"medication_code" text,
	"lot_number" text,
	"reason_type" text NOT NULL,
	"reason_id" text NOT NULL,
	"reference" text NOT NULL,
	"quantity_at_hold" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	"release_note" text
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."drug_recalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_code" text NOT NULL,
	"lot_numbers" text[] DEFAULT '{}' NOT NULL,
	"recall_class" text NOT NULL,
	"reason" text NOT NULL,
	"recall_date" date NOT NULL,
	"issuing_authority" text NOT NULL,
	"authority_reference" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"close_reason" text
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."cold_chain_excursions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_minutes" integer NOT NULL,
	"min_temperature_c" double precision NOT NULL,
	"max_temperature_c" double precision NOT NULL,
	"max_deviation_c" double precision NOT NULL,
	"readings_out_of_range" integer NOT NULL,
	"limit_min_c" double precision NOT NULL,
	"limit_max_c" double precision NOT NULL,
	"tolerance_minutes" integer NOT NULL,
	"disposition" text,
	"disposition_notes" text,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."cold_chain_monitor_states" (
	"subject_id" uuid PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"last_reading_at" timestamp with time zone,
	"last_temperature_c" double precision,
	"out_since" timestamp with time zone,
	"run_min_c" double precision,
	"run_max_c" double precision,
	"run_max_deviation_c" double precision,
	"run_readings" integer DEFAULT 0 NOT NULL,
	"excursion_id" uuid,
	"readings_processed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."cold_chain_transports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"shipment_reference" text NOT NULL,
	"device_id" text,
	"min_c" double precision NOT NULL,
	"max_c" double precision NOT NULL,
	"tolerance_minutes" integer NOT NULL,
	"profile" text,
	"contents" jsonb NOT NULL,
	"departed_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone,
	"notes" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."cold_storage_unit_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_unit_id" uuid NOT NULL,
	"inventory_item_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."cold_storage_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"min_c" double precision NOT NULL,
	"max_c" double precision NOT NULL,
	"tolerance_minutes" integer NOT NULL,
	"profile" text,
	"device_id" text,
	"location" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."temperature_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"device_id" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"temperature_c" double precision NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_holds" ADD CONSTRAINT "stock_holds_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."stock_holds" ADD CONSTRAINT "stock_holds_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "pharmacy"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."cold_chain_transports" ADD CONSTRAINT "cold_chain_transports_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."cold_storage_unit_items" ADD CONSTRAINT "cold_storage_unit_items_storage_unit_id_cold_storage_units_id_fk" FOREIGN KEY ("storage_unit_id") REFERENCES "pharmacy"."cold_storage_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."cold_storage_unit_items" ADD CONSTRAINT "cold_storage_unit_items_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "pharmacy"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."cold_storage_units" ADD CONSTRAINT "cold_storage_units_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_batch_idx" ON "pharmacy"."stock_holds" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "stock_holds_reason_idx" ON "pharmacy"."stock_holds" USING btree ("reason_type","reason_id");--> statement-breakpoint
CREATE INDEX "stock_holds_lot_idx" ON "pharmacy"."stock_holds" USING btree ("pharmacy_id","medication_code","lot_number");--> statement-breakpoint
CREATE INDEX "drug_recalls_code_status_idx" ON "pharmacy"."drug_recalls" USING btree ("medication_code","status");--> statement-breakpoint
CREATE INDEX "drug_recalls_created_idx" ON "pharmacy"."drug_recalls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cold_chain_excursions_subject_idx" ON "pharmacy"."cold_chain_excursions" USING btree ("subject_id","started_at");--> statement-breakpoint
CREATE INDEX "cold_chain_excursions_pharmacy_idx" ON "pharmacy"."cold_chain_excursions" USING btree ("pharmacy_id","status");--> statement-breakpoint
CREATE INDEX "cold_chain_transports_pharmacy_idx" ON "pharmacy"."cold_chain_transports" USING btree ("pharmacy_id","departed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cold_storage_unit_items_uq" ON "pharmacy"."cold_storage_unit_items" USING btree ("storage_unit_id","inventory_item_id");--> statement-breakpoint
CREATE INDEX "cold_storage_unit_items_item_idx" ON "pharmacy"."cold_storage_unit_items" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "cold_storage_units_pharmacy_idx" ON "pharmacy"."cold_storage_units" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cold_storage_units_device_uq" ON "pharmacy"."cold_storage_units" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "temperature_readings_subject_time_uq" ON "pharmacy"."temperature_readings" USING btree ("subject_id","recorded_at");--> statement-breakpoint
CREATE INDEX "temperature_readings_pharmacy_time_idx" ON "pharmacy"."temperature_readings" USING btree ("pharmacy_id","recorded_at");