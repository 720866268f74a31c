CREATE TABLE "clinical"."digitized_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"patient_uhid" text,
	"encounter_id" uuid,
	"declared_type" text NOT NULL,
	"document_class" text NOT NULL,
	"class_confidence" real NOT NULL,
	"filename" text,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"extraction_method" text NOT NULL,
	"ocr_confidence" real NOT NULL,
	"page_count" integer NOT NULL,
	"extracted_text" text NOT NULL,
	"result" jsonb NOT NULL,
	"fhir_bundle" jsonb NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by" text NOT NULL,
	"audit_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinical"."digitized_documents" ADD CONSTRAINT "digitized_documents_patient_uhid_patients_uhid_fk" FOREIGN KEY ("patient_uhid") REFERENCES "clinical"."patients"("uhid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical"."digitized_documents" ADD CONSTRAINT "digitized_documents_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "clinical"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digitized_documents_patient_idx" ON "clinical"."digitized_documents" USING btree ("patient_uhid","created_at");--> statement-breakpoint
CREATE INDEX "digitized_documents_sha256_idx" ON "clinical"."digitized_documents" USING btree ("sha256");