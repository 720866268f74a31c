CREATE TABLE "notifications"."dev_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid,
	"idempotency_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."notification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"channel" text,
	"attempt" integer,
	"detail" text,
	"provider_response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"caller_sub" text NOT NULL,
	"idempotency_key" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."number_counters" (
	"day" date PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."provider_contacts" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"channels" text[] DEFAULT '{"SMS"}' NOT NULL,
	"phone" text,
	"email" text,
	"push_token" text,
	"messaging_app_id" text,
	"language" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "fallback_plan" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "category" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "critical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "source" text DEFAULT 'send' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "reference_id" text;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "available_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications"."notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications"."preferences" ADD COLUMN "consent" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications"."notification_events" ADD CONSTRAINT "notification_events_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "notifications"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_events_notification_idx" ON "notifications"."notification_events" USING btree ("notification_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_idempotency_idx" ON "notifications"."requests" USING btree ("caller_sub","kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications"."notifications" USING btree ("available_at") WHERE status in ('PENDING', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "notifications_provider_message_idx" ON "notifications"."notifications" USING btree ("provider","provider_message_id");