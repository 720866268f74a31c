-- Censored results (docs/decisions/clinical.md, critical values, session 19): a result printed as a bound
-- (">33.3", "<0.5", glucometer HI/LO) keeps its FHIR Quantity.comparator beside the value, so the timeline
-- shows "> 33.3 mmol/L" and no reader takes the bound for a measured value.
ALTER TABLE "clinical"."observations" ADD COLUMN "comparator" text;