CREATE SEQUENCE "clinical"."ai_audit_log_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "clinical"."ai_audit_stream_heads" (
	"stream" smallint PRIMARY KEY NOT NULL,
	"last_stream_seq" bigint NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinical"."ai_audit_log" ADD COLUMN "stream" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinical"."ai_audit_log" ADD COLUMN "stream_seq" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_audit_log_stream_seq_idx" ON "clinical"."ai_audit_log" USING btree ("stream","stream_seq");--> statement-breakpoint
CREATE INDEX "ai_audit_log_stream_idx" ON "clinical"."ai_audit_log" USING btree ("stream","seq");