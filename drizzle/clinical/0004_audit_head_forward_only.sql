-- The chain head is as append-only as the log it points at (issue 9, "Audit chain tail"): it is
-- created once at the genesis, may only move forward to the newest record and that record's hash,
-- and is never deleted. Without this, deleting the newest records (possible only with the log's
-- trigger bypassed) and rolling the head back left a chain that verified as valid; the signed
-- checkpoint an auditor keeps outside the database detects even that.
CREATE OR REPLACE FUNCTION "clinical"."ai_audit_chain_head_forward_only"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'clinical.ai_audit_chain_head cannot be deleted';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.id <> 1 OR NEW.last_seq <> 0 OR NEW.last_hash <> repeat('0', 64) THEN
      RAISE EXCEPTION 'clinical.ai_audit_chain_head starts at the genesis (id 1, seq 0)';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.id <> OLD.id OR NEW.last_seq <= OLD.last_seq THEN
    RAISE EXCEPTION 'clinical.ai_audit_chain_head may only move forward (seq % to %)', OLD.last_seq, NEW.last_seq;
  END IF;
  IF NEW.last_hash IS DISTINCT FROM (SELECT "hash" FROM "clinical"."ai_audit_log" WHERE "seq" = NEW.last_seq)
     OR EXISTS (SELECT 1 FROM "clinical"."ai_audit_log" WHERE "seq" > NEW.last_seq) THEN
    RAISE EXCEPTION 'clinical.ai_audit_chain_head must name the newest record and its hash';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "ai_audit_chain_head_forward_only" BEFORE INSERT OR UPDATE OR DELETE ON "clinical"."ai_audit_chain_head"
  FOR EACH ROW EXECUTE FUNCTION "clinical"."ai_audit_chain_head_forward_only"();
