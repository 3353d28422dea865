-- The product name trigram index carries the tenant keys (btree_gin: a trusted extension on PostgreSQL 13+, and in PGlite with the contrib module loaded in open-db.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "product_branch_name_idx";--> statement-breakpoint
DROP INDEX "product_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
CREATE INDEX "product_branch_name_lower_idx" ON "product" USING btree ("merchant_account_id","merchant_branch_id","name_lower");--> statement-breakpoint
CREATE INDEX "product_branch_name_trgm_idx" ON "product" USING gin ("merchant_account_id","merchant_branch_id","name_lower" gin_trgm_ops);