CREATE TABLE "data_reset_audit" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"transactions" boolean NOT NULL,
	"definitions" boolean NOT NULL,
	"reset_by" integer NOT NULL,
	"reset_date" timestamp with time zone DEFAULT now() NOT NULL,
	"summary" text DEFAULT '{}' NOT NULL,
	CONSTRAINT "data_reset_audit_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "data_sync_request" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"groups" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_date" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_date" timestamp with time zone,
	"delivered_to_credential_id" integer,
	CONSTRAINT "data_sync_request_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "merchant_user_till_user" (
	"merchant_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"till_user_id" integer NOT NULL,
	CONSTRAINT "merchant_user_till_user_merchant_account_id_user_id_merchant_branch_id_pk" PRIMARY KEY("merchant_account_id","user_id","merchant_branch_id")
);
--> statement-breakpoint
CREATE TABLE "till_user" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_user_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "till_user_name_key" UNIQUE("merchant_account_id","merchant_branch_id","name")
);
--> statement-breakpoint
ALTER TABLE "data_reset_audit" ADD CONSTRAINT "data_reset_audit_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sync_request" ADD CONSTRAINT "data_sync_request_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_till_user" ADD CONSTRAINT "merchant_user_till_user_merchant_account_id_user_id_merchant_user_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","user_id") REFERENCES "public"."merchant_user"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_till_user" ADD CONSTRAINT "merchant_user_till_user_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_till_user" ADD CONSTRAINT "merchant_user_till_user_merchant_account_id_till_user_id_till_user_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","till_user_id") REFERENCES "public"."till_user"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_user" ADD CONSTRAINT "till_user_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_sync_request_pending_idx" ON "data_sync_request" USING btree ("merchant_account_id","merchant_branch_id","delivered_date");