CREATE INDEX "patients_uhid_trgm_idx" ON "clinical"."patients" USING gin ("uhid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_given_name_trgm_idx" ON "clinical"."patients" USING gin ("given_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_family_name_trgm_idx" ON "clinical"."patients" USING gin ("family_name" gin_trgm_ops);