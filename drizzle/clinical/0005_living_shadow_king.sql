CREATE TABLE "clinical"."encounter_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"encounter_id" uuid NOT NULL,
	"patient_uhid" text NOT NULL,
	"author_sub" text NOT NULL,
	"text" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED
);
--> statement-breakpoint
CREATE TABLE "clinical"."patient_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_uhid" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"message" text NOT NULL,
	"intent" text NOT NULL,
	"urgency" text NOT NULL,
	"result" jsonb NOT NULL,
	"received_by" text NOT NULL,
	"audit_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."soap_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"encounter_id" uuid NOT NULL,
	"patient_uhid" text NOT NULL,
	"provider_id" text NOT NULL,
	"created_by" text NOT NULL,
	"subjective" text NOT NULL,
	"objective" text NOT NULL,
	"assessment" text NOT NULL,
	"plan" text NOT NULL,
	"confidence" double precision NOT NULL,
	"entities_extracted" integer NOT NULL,
	"narrative_source" text NOT NULL,
	"details" jsonb NOT NULL,
	"include_history" boolean NOT NULL,
	"audit_id" uuid NOT NULL,
	"ruleset_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "subjective" || ' ' || "objective" || ' ' || "assessment" || ' ' || "plan")) STORED
);
--> statement-breakpoint
ALTER TABLE "clinical"."encounter_notes" ADD CONSTRAINT "encounter_notes_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "clinical"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."encounter_notes" ADD CONSTRAINT "encounter_notes_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."patient_messages" ADD CONSTRAINT "patient_messages_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."soap_notes" ADD CONSTRAINT "soap_notes_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "clinical"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."soap_notes" ADD CONSTRAINT "soap_notes_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "encounter_notes_encounter_idx" ON "clinical"."encounter_notes" USING btree ("encounter_id");--> statement-breakpoint
CREATE INDEX "encounter_notes_patient_idx" ON "clinical"."encounter_notes" USING btree ("patient_uhid");--> statement-breakpoint
CREATE INDEX "encounter_notes_search_idx" ON "clinical"."encounter_notes" USING gin ("search");--> statement-breakpoint
CREATE INDEX "patient_messages_patient_idx" ON "clinical"."patient_messages" USING btree ("patient_uhid","created_at");--> statement-breakpoint
CREATE INDEX "soap_notes_patient_idx" ON "clinical"."soap_notes" USING btree ("patient_uhid","created_at");--> statement-breakpoint
CREATE INDEX "soap_notes_encounter_idx" ON "clinical"."soap_notes" USING btree ("encounter_id");--> statement-breakpoint
CREATE INDEX "soap_notes_search_idx" ON "clinical"."soap_notes" USING gin ("search");