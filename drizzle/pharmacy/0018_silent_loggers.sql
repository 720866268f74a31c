-- Silent cold-chain loggers (docs/decisions/pharmacy.md, "Silent loggers"): a unit with a logger is silent after
-- 60 minutes without a reading (platform policy; a unit may set its own or none), and its pharmacy is told once
-- per silence. Units that already have a logger get the default.
ALTER TABLE "pharmacy"."cold_storage_units" ADD COLUMN "silence_alarm_minutes" integer;--> statement-breakpoint
ALTER TABLE "pharmacy"."cold_storage_units" ADD COLUMN "silence_alerted_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pharmacy"."cold_storage_units" ADD COLUMN "silence_message_id" uuid;--> statement-breakpoint
UPDATE "pharmacy"."cold_storage_units" SET "silence_alarm_minutes" = 60 WHERE "device_id" IS NOT NULL;
