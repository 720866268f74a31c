CREATE TABLE "notifications"."early_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text NOT NULL,
	"raw" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "early_receipts_message_idx" ON "notifications"."early_receipts" USING btree ("provider","provider_message_id");