CREATE TABLE "payment" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"basket_id" integer NOT NULL,
	"order_id" integer,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"payment_type" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"session_id" text,
	"transaction_id" text,
	"card_last4" text,
	"card_brand" text,
	"card_expiry" text,
	"message" text,
	"checkout" jsonb NOT NULL,
	"refund_reference" text,
	"refunded_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "payment_reference_key" UNIQUE("merchant_account_id","reference")
);
--> statement-breakpoint
CREATE TABLE "payment_simulator_record" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_merchant_account_id_basket_id_basket_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","basket_id") REFERENCES "public"."basket"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_live_basket_key" ON "payment" USING btree ("merchant_account_id","basket_id") WHERE state in ('PENDING', 'CHALLENGED', 'AUTHORISED', 'REFUNDING', 'REFUNDED');--> statement-breakpoint
CREATE INDEX "payment_state_idx" ON "payment" USING btree ("state","updated_date");