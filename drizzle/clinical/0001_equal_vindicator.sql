CREATE TABLE "clinical"."ai_audit_chain_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."ai_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_sub" text NOT NULL,
	"actor_roles" text NOT NULL,
	"operation" text NOT NULL,
	"patient_uhid" text,
	"input_digest" text NOT NULL,
	"output" jsonb NOT NULL,
	"ruleset_version" text NOT NULL,
	"parent_id" uuid,
	"request_id" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."clinical_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"modified_output" jsonb,
	"actor_sub" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"override_audit_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."copilot_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"encounter_id" uuid NOT NULL,
	"patient_uhid" text NOT NULL,
	"provider_id" text NOT NULL,
	"started_by" text NOT NULL,
	"context" jsonb NOT NULL,
	"analyses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."knowledge_sets" (
	"name" text NOT NULL,
	"version" text NOT NULL,
	"sha256" text NOT NULL,
	"content" jsonb NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_sets_name_version_pk" PRIMARY KEY("name","version")
);
--> statement-breakpoint
ALTER TABLE "clinical"."clinical_overrides" ADD CONSTRAINT "clinical_overrides_audit_id_ai_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "clinical"."ai_audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."copilot_sessions" ADD CONSTRAINT "copilot_sessions_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_audit_log_seq_idx" ON "clinical"."ai_audit_log" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "ai_audit_log_patient_idx" ON "clinical"."ai_audit_log" USING btree ("patient_uhid","seq");--> statement-breakpoint
CREATE INDEX "clinical_overrides_audit_idx" ON "clinical"."clinical_overrides" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "copilot_sessions_patient_idx" ON "clinical"."copilot_sessions" USING btree ("patient_uhid");