ALTER TABLE "pharmacy"."consultations" ALTER COLUMN "reason" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy"."consultations" ADD COLUMN "notes" text;