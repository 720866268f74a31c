DROP INDEX "pharmacy"."stock_movements_pharmacy_idx";--> statement-breakpoint
DROP INDEX "pharmacy"."sales_transactions_pharmacy_created_idx";--> statement-breakpoint
CREATE INDEX "stock_movements_created_id_idx" ON "pharmacy"."stock_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_pharmacy_created_id_idx" ON "pharmacy"."stock_movements" USING btree ("pharmacy_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_transactions_created_number_idx" ON "pharmacy"."sales_transactions" USING btree ("created_at","transaction_number");--> statement-breakpoint
CREATE INDEX "sales_transactions_pharmacy_created_number_idx" ON "pharmacy"."sales_transactions" USING btree ("pharmacy_id","created_at","transaction_number");--> statement-breakpoint
CREATE INDEX "sales_transactions_customer_name_trgm_idx" ON "pharmacy"."sales_transactions" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_transactions_number_trgm_idx" ON "pharmacy"."sales_transactions" USING gin ("transaction_number" gin_trgm_ops);