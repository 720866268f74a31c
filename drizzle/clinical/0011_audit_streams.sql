-- Audit streams (issue 14, docs/decisions/clinical.md "Audit streams"): appends lock one of 16 stream
-- heads instead of the one chain head. The records written before stay stream 0, verified as they
-- were against the frozen ai_audit_chain_head; new records take `seq` from ai_audit_log_seq, which
-- starts after them.
SELECT setval('"clinical"."ai_audit_log_seq"', COALESCE((SELECT max("seq") FROM "clinical"."ai_audit_log"), 0) + 1, false);
--> statement-breakpoint
INSERT INTO "clinical"."ai_audit_stream_heads" ("stream", "last_stream_seq", "last_seq", "last_hash")
  SELECT s, 0, 0, repeat('0', 64) FROM generate_series(1, 16) AS s
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A stream head is as forward-only as the chain head (0004): created at the genesis, never deleted,
-- and an update must name the stream's newest record, its position, sequence and hash.
CREATE OR REPLACE FUNCTION "clinical"."ai_audit_stream_heads_forward_only"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'clinical.ai_audit_stream_heads cannot be deleted';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.stream < 1 OR NEW.last_stream_seq <> 0 OR NEW.last_seq <> 0 OR NEW.last_hash <> repeat('0', 64) THEN
      RAISE EXCEPTION 'clinical.ai_audit_stream_heads start at the genesis (stream >= 1, position 0)';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.stream <> OLD.stream OR NEW.last_stream_seq <= OLD.last_stream_seq THEN
    RAISE EXCEPTION 'clinical.ai_audit_stream_heads may only move forward (stream %, position % to %)', OLD.stream, OLD.last_stream_seq, NEW.last_stream_seq;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "clinical"."ai_audit_log" WHERE "stream" = NEW.stream AND "stream_seq" = NEW.last_stream_seq AND "seq" = NEW.last_seq AND "hash" = NEW.last_hash)
     OR EXISTS (SELECT 1 FROM "clinical"."ai_audit_log" WHERE "stream" = NEW.stream AND "stream_seq" > NEW.last_stream_seq) THEN
    RAISE EXCEPTION 'clinical.ai_audit_stream_heads must name the newest record of the stream and its hash';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "ai_audit_stream_heads_forward_only" BEFORE INSERT OR UPDATE OR DELETE ON "clinical"."ai_audit_stream_heads"
  FOR EACH ROW EXECUTE FUNCTION "clinical"."ai_audit_stream_heads_forward_only"();
