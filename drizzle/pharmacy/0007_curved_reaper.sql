CREATE TABLE "pharmacy"."dispense_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispense_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"medication_code" text NOT NULL,
	"medication_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"controlled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."dispenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"fill_number" integer NOT NULL,
	"refill_id" uuid,
	"pharmacy_id" uuid NOT NULL,
	"patient_uhid" text NOT NULL,
	"pharmacist" text NOT NULL,
	"dispensed_by" text NOT NULL,
	"witness" text,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"override_reason" text,
	"override_by" text,
	"override_at" timestamp with time zone,
	"overridden_findings" jsonb,
	"safety_audit_id" text,
	"override_record_id" text,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."prescription_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"medication_code" text,
	"medication_name" text NOT NULL,
	"dose" text NOT NULL,
	"frequency" text NOT NULL,
	"quantity" integer NOT NULL,
	"refills_allowed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."prescription_refills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" text NOT NULL,
	"notes" text,
	"dispense_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispensed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"template" text NOT NULL,
	"recipient" text,
	"patient_uhid" text,
	"parameters" jsonb NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_by" text,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"notification_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "pharmacy"."dispense_items" ADD CONSTRAINT "dispense_items_dispense_id_dispenses_id_fk" FOREIGN KEY ("dispense_id") REFERENCES "pharmacy"."dispenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."dispenses" ADD CONSTRAINT "dispenses_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "pharmacy"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."prescription_items" ADD CONSTRAINT "prescription_items_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "pharmacy"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."prescription_refills" ADD CONSTRAINT "prescription_refills_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "pharmacy"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispense_items_dispense_idx" ON "pharmacy"."dispense_items" USING btree ("dispense_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "dispenses_fill_uq" ON "pharmacy"."dispenses" USING btree ("prescription_id","fill_number");--> statement-breakpoint
CREATE INDEX "dispenses_pharmacy_idx" ON "pharmacy"."dispenses" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "dispenses_patient_idx" ON "pharmacy"."dispenses" USING btree ("patient_uhid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_items_position_uq" ON "pharmacy"."prescription_items" USING btree ("prescription_id","position");--> statement-breakpoint
CREATE INDEX "prescription_items_code_idx" ON "pharmacy"."prescription_items" USING btree ("medication_code");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_refills_number_uq" ON "pharmacy"."prescription_refills" USING btree ("prescription_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_refills_one_open_uq" ON "pharmacy"."prescription_refills" USING btree ("prescription_id") WHERE status = 'requested';--> statement-breakpoint
CREATE INDEX "prescription_refills_status_idx" ON "pharmacy"."prescription_refills" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_idempotency_uq" ON "pharmacy"."outbox_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "pharmacy"."outbox_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_reference_idx" ON "pharmacy"."outbox_messages" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "prescriptions_status_idx" ON "pharmacy"."prescriptions" USING btree ("status","issued_at");--> statement-breakpoint
-- ── Hand-written data migration (issue 10, dispensing) ──────────────────────────────────────────
-- Prescriptions had one medication in their own columns; each existing prescription becomes one
-- item (position 0, no refills). The next migration drops the old columns.
INSERT INTO "pharmacy"."prescription_items" ("prescription_id", "position", "medication_code", "medication_name", "dose", "frequency", "quantity", "refills_allowed")
SELECT "id", 0, "medication_code", "medication_name", "dose", "frequency", "quantity", 0 FROM "pharmacy"."prescriptions";
