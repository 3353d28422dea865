CREATE TABLE "sale_report" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"xreport_counter" integer NOT NULL,
	"from_date" timestamp with time zone NOT NULL,
	"to_date" timestamp with time zone NOT NULL,
	"gross_sale" integer NOT NULL,
	"gross_sale_cnt" integer NOT NULL,
	"refunds" integer NOT NULL,
	"refunds_cnt" integer NOT NULL,
	"net_sale" integer NOT NULL,
	"net_sale_cnt" integer NOT NULL,
	"by_channel" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"end_of_day_due" timestamp with time zone,
	"finalised_by" integer,
	"calculated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_report_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "sale_report_counter_key" UNIQUE("merchant_account_id","merchant_branch_id","xreport_counter"),
	CONSTRAINT "sale_report_period_key" UNIQUE("merchant_account_id","merchant_branch_id","from_date"),
	CONSTRAINT "sale_report_eod_key" UNIQUE("merchant_account_id","merchant_branch_id","end_of_day_due")
);
--> statement-breakpoint
ALTER TABLE "sale_report" ADD CONSTRAINT "sale_report_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_report_to_date_idx" ON "sale_report" USING btree ("to_date");