CREATE TABLE "clinical"."idempotency_keys" (
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
