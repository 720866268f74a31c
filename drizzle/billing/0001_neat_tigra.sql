CREATE TABLE "billing"."idempotency_keys" (
	"key" text NOT NULL,
	"principal" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_key_principal_operation_pk" PRIMARY KEY("key","principal","operation")
);
--> statement-breakpoint
CREATE TABLE "billing"."payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text,
	"payer_phone" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing"."charges" ADD COLUMN "unit_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "billing"."charges" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "billing"."payments" ADD CONSTRAINT "payments_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "billing"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_charge_idx" ON "billing"."payments" USING btree ("charge_id");