CREATE TABLE "print_job" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_job_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
ALTER TABLE "print_job" ADD CONSTRAINT "print_job_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_job" ADD CONSTRAINT "print_job_merchant_account_id_order_id_customer_order_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","order_id") REFERENCES "public"."customer_order"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_job_due_idx" ON "print_job" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "print_job_order_idx" ON "print_job" USING btree ("merchant_account_id","order_id");