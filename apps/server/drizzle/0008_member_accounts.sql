CREATE TABLE "member_address" (
	"member_user_id" integer NOT NULL,
	"id" serial NOT NULL,
	"description" text,
	"post_code" text NOT NULL,
	"city" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"address_line3" text,
	"address_line4" text,
	"default_address" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_address_member_user_id_id_pk" PRIMARY KEY("member_user_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_billing_address" (
	"member_user_id" integer NOT NULL,
	"id" serial NOT NULL,
	"description" text,
	"post_code" text NOT NULL,
	"city" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"address_line3" text,
	"address_line4" text,
	"default_address" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_billing_address_member_user_id_id_pk" PRIMARY KEY("member_user_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_card" (
	"member_user_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_account_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"card_brand" text DEFAULT 'VISA' NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"card_holder_name" text NOT NULL,
	"default_card" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_card_member_user_id_id_pk" PRIMARY KEY("member_user_id","id"),
	CONSTRAINT "member_card_token_key" UNIQUE("member_user_id","provider","provider_token")
);
--> statement-breakpoint
CREATE TABLE "member_favourite" (
	"member_user_id" integer NOT NULL,
	"merchant_account_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_favourite_member_user_id_merchant_account_id_merchant_branch_id_pk" PRIMARY KEY("member_user_id","merchant_account_id","merchant_branch_id")
);
--> statement-breakpoint
CREATE TABLE "member_feedback" (
	"member_user_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_account_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"feedback_type" text DEFAULT 'Technical' NOT NULL,
	"description" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_feedback_member_user_id_id_pk" PRIMARY KEY("member_user_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_notes" (
	"member_user_id" integer NOT NULL,
	"order_notes" text,
	"allergies" text,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notes_member_user_id_pk" PRIMARY KEY("member_user_id")
);
--> statement-breakpoint
CREATE TABLE "member_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text DEFAULT 'MR' NOT NULL,
	"mobile_phone" text,
	"birth_day" date,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"google_subject" text,
	"wrong_entry_numbers" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_change_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_user_google_subject_key" UNIQUE("google_subject")
);
--> statement-breakpoint
ALTER TABLE "basket" ADD COLUMN "member_user_id" integer;--> statement-breakpoint
ALTER TABLE "customer_order" ADD COLUMN "member_user_id" integer;--> statement-breakpoint
ALTER TABLE "member_address" ADD CONSTRAINT "member_address_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_billing_address" ADD CONSTRAINT "member_billing_address_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_favourite" ADD CONSTRAINT "member_favourite_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_favourite" ADD CONSTRAINT "member_favourite_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_feedback" ADD CONSTRAINT "member_feedback_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_feedback" ADD CONSTRAINT "member_feedback_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_address_default_key" ON "member_address" USING btree ("member_user_id") WHERE default_address;--> statement-breakpoint
CREATE UNIQUE INDEX "member_billing_address_default_key" ON "member_billing_address" USING btree ("member_user_id") WHERE default_address;--> statement-breakpoint
CREATE UNIQUE INDEX "member_card_default_key" ON "member_card" USING btree ("member_user_id") WHERE default_card;--> statement-breakpoint
CREATE INDEX "member_feedback_branch_idx" ON "member_feedback" USING btree ("merchant_account_id","merchant_branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_user_email_key" ON "member_user" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "basket" ADD CONSTRAINT "basket_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_order_member_idx" ON "customer_order" USING btree ("member_user_id","order_date");--> statement-breakpoint
CREATE INDEX "customer_order_tenant_member_idx" ON "customer_order" USING btree ("merchant_account_id","member_user_id");