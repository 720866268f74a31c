CREATE SCHEMA "clinical";
--> statement-breakpoint
CREATE TABLE "clinical"."allergies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_uhid" text NOT NULL,
	"substance" text NOT NULL,
	"reaction" text,
	"severity" text,
	"recorded_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."diagnoses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_uhid" text NOT NULL,
	"encounter_id" uuid,
	"code" text NOT NULL,
	"display" text NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'acute' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."encounters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_uhid" text NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"chief_complaint" text NOT NULL,
	"facility" text,
	"discharge_date" date
);
--> statement-breakpoint
CREATE TABLE "clinical"."medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_uhid" text NOT NULL,
	"rxnorm_code" text,
	"name" text NOT NULL,
	"dose" text NOT NULL,
	"frequency" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_uhid" text NOT NULL,
	"code" text NOT NULL,
	"display" text NOT NULL,
	"value" text NOT NULL,
	"unit" text,
	"date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical"."patients" (
	"uhid" text PRIMARY KEY NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"sex" text NOT NULL,
	"birth_date" date NOT NULL,
	"phone" text,
	"email" text,
	"district" text,
	"source" text DEFAULT 'local_registry' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinical"."allergies" ADD CONSTRAINT "allergies_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."diagnoses" ADD CONSTRAINT "diagnoses_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."diagnoses" ADD CONSTRAINT "diagnoses_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "clinical"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."encounters" ADD CONSTRAINT "encounters_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."medications" ADD CONSTRAINT "medications_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."observations" ADD CONSTRAINT "observations_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnoses_patient_date_idx" ON "clinical"."diagnoses" USING btree ("patient_uhid","date");--> statement-breakpoint
CREATE INDEX "encounters_patient_date_idx" ON "clinical"."encounters" USING btree ("patient_uhid","date");--> statement-breakpoint
CREATE INDEX "medications_patient_idx" ON "clinical"."medications" USING btree ("patient_uhid","start_date");--> statement-breakpoint
CREATE INDEX "observations_patient_date_idx" ON "clinical"."observations" USING btree ("patient_uhid","date");--> statement-breakpoint
CREATE INDEX "patients_family_name_idx" ON "clinical"."patients" USING btree ("family_name","given_name");