ALTER TABLE "pharmacy"."prescriptions" DROP COLUMN "medication_code";--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" DROP COLUMN "medication_name";--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" DROP COLUMN "dose";--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" DROP COLUMN "frequency";--> statement-breakpoint
ALTER TABLE "pharmacy"."prescriptions" DROP COLUMN "quantity";