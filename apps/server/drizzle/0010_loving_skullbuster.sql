ALTER TABLE "branch_settings" ADD COLUMN "vendor_name" text;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "reporting_user" text;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "reporting_password" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "recovery_attempts" integer DEFAULT 0 NOT NULL;