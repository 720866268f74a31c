CREATE TABLE "pharmacy"."capa_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"capa_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."capas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"capa_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"incident_id" uuid,
	"audit_item_id" uuid,
	"capa_type" text NOT NULL,
	"description" text NOT NULL,
	"owner" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"effectiveness_check_date" date,
	"effectiveness_result" text,
	"effectiveness_notes" text,
	"effectiveness_verified_by" text,
	"effectiveness_verified_at" timestamp with time zone,
	"ineffective_checks" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"implemented_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "capas_capa_number_unique" UNIQUE("capa_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."quality_audit_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"question" text NOT NULL,
	"finding" text,
	"notes" text,
	"recorded_by" text,
	"recorded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."quality_audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"audit_type" text NOT NULL,
	"scope" text NOT NULL,
	"scheduled_date" date NOT NULL,
	"auditor" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"checklist_source" text NOT NULL,
	"score_percent" integer,
	"result" text,
	"summary" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_audits_audit_number_unique" UNIQUE("audit_number")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."quality_counters" (
	"pharmacy_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "quality_counters_pharmacy_id_kind_day_pk" PRIMARY KEY("pharmacy_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "pharmacy"."quality_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_number" text NOT NULL,
	"pharmacy_id" uuid NOT NULL,
	"reported_by" text NOT NULL,
	"summary" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"category" text NOT NULL,
	"ncc_merp_category" text,
	"occurred_at" timestamp with time zone,
	"medication_code" text,
	"lot_number" text,
	"dispense_id" uuid,
	"transaction_id" uuid,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"investigator" text,
	"investigation_started_at" timestamp with time zone,
	"root_cause" text,
	"outcome" text,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"reopen_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_incidents_incident_number_unique" UNIQUE("incident_number")
);
--> statement-breakpoint
ALTER TABLE "pharmacy"."capa_actions" ADD CONSTRAINT "capa_actions_capa_id_capas_id_fk" FOREIGN KEY ("capa_id") REFERENCES "pharmacy"."capas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."capas" ADD CONSTRAINT "capas_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."capas" ADD CONSTRAINT "capas_incident_id_quality_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "pharmacy"."quality_incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."capas" ADD CONSTRAINT "capas_audit_item_id_quality_audit_items_id_fk" FOREIGN KEY ("audit_item_id") REFERENCES "pharmacy"."quality_audit_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."quality_audit_items" ADD CONSTRAINT "quality_audit_items_audit_id_quality_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "pharmacy"."quality_audits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."quality_audits" ADD CONSTRAINT "quality_audits_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy"."quality_incidents" ADD CONSTRAINT "quality_incidents_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "pharmacy"."pharmacies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capa_actions_capa_idx" ON "pharmacy"."capa_actions" USING btree ("capa_id","position");--> statement-breakpoint
CREATE INDEX "capas_pharmacy_due_idx" ON "pharmacy"."capas" USING btree ("pharmacy_id","due_date");--> statement-breakpoint
CREATE INDEX "capas_incident_idx" ON "pharmacy"."capas" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "capas_audit_item_idx" ON "pharmacy"."capas" USING btree ("audit_item_id");--> statement-breakpoint
CREATE INDEX "quality_audit_items_audit_idx" ON "pharmacy"."quality_audit_items" USING btree ("audit_id","position");--> statement-breakpoint
CREATE INDEX "quality_audits_pharmacy_date_idx" ON "pharmacy"."quality_audits" USING btree ("pharmacy_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "quality_incidents_pharmacy_created_idx" ON "pharmacy"."quality_incidents" USING btree ("pharmacy_id","created_at");--> statement-breakpoint
CREATE INDEX "quality_incidents_status_idx" ON "pharmacy"."quality_incidents" USING btree ("status");