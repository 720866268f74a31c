-- The clinical AI audit log is append-only (DESIGN.md, "Audit and override"): refuse UPDATE and
-- DELETE at the database, beside the hash chain that makes tampering detectable.
CREATE OR REPLACE FUNCTION "clinical"."ai_audit_log_refuse_change"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'clinical.ai_audit_log is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "ai_audit_log_append_only" BEFORE UPDATE OR DELETE ON "clinical"."ai_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "clinical"."ai_audit_log_refuse_change"();
