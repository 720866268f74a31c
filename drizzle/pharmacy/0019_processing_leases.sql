-- The worker's sweeps for leases a crash left behind (docs/decisions/pharmacy.md, "Customer returns"; issue 14):
-- sales and customer returns in processing are read through partial indexes, not by scanning the tables.
CREATE INDEX "sales_transactions_processing_idx" ON "pharmacy"."sales_transactions" USING btree ("processing_started_at") WHERE "pharmacy"."sales_transactions"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "customer_returns_processing_idx" ON "pharmacy"."customer_returns" USING btree ("processing_started_at") WHERE "pharmacy"."customer_returns"."status" = 'processing';
