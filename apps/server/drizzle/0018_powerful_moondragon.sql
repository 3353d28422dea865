CREATE TABLE "branch_order_counter" (
	"merchant_account_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"last_order_no" integer NOT NULL,
	CONSTRAINT "branch_order_counter_merchant_account_id_merchant_branch_id_pk" PRIMARY KEY("merchant_account_id","merchant_branch_id")
);
--> statement-breakpoint
ALTER TABLE "branch_order_counter" ADD CONSTRAINT "branch_order_counter_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;