CREATE TABLE "order_history" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_history_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "preparing_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "ready_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "delivered_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "driver_id" integer;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_merchant_account_id_order_id_customer_order_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","order_id") REFERENCES "public"."customer_order"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("merchant_account_id","order_id","id");