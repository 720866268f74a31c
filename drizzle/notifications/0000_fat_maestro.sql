CREATE SCHEMA "notifications";
--> statement-breakpoint
CREATE TABLE "notifications"."notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_number" text NOT NULL,
	"patient_uhid" text,
	"recipient_type" text DEFAULT 'patient' NOT NULL,
	"recipient" text NOT NULL,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"cost" numeric(10, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'UGX' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_notification_number_unique" UNIQUE("notification_number")
);
--> statement-breakpoint
CREATE TABLE "notifications"."preferences" (
	"patient_uhid" text PRIMARY KEY NOT NULL,
	"channels" text[] DEFAULT '{"SMS"}' NOT NULL,
	"phone" text,
	"email" text,
	"push_token" text,
	"messaging_app_id" text,
	"language" text DEFAULT 'en' NOT NULL,
	"quiet_hours_start" text,
	"quiet_hours_end" text,
	"time_zone" text DEFAULT 'Africa/Kampala' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_patient_idx" ON "notifications"."notifications" USING btree ("patient_uhid","created_at");--> statement-breakpoint
CREATE INDEX "notifications_status_idx" ON "notifications"."notifications" USING btree ("status");