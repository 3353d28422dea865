CREATE TABLE "admin_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"locked" text DEFAULT 'N' NOT NULL,
	"wrong_entry_numbers" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"super_user" boolean DEFAULT false NOT NULL,
	"activation_date" timestamp with time zone,
	"password_change_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_user_user_name_unique" UNIQUE("user_name")
);
--> statement-breakpoint
CREATE TABLE "auth_key" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_type" text NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"branch_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_used" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"license_status" text NOT NULL,
	"action_reason" text NOT NULL,
	"action_reason_description" text,
	"valid_days" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "menu_item" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"user_type" text NOT NULL,
	"description" text NOT NULL,
	"href" text,
	"icon" text,
	"object_name" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"trading_name" text NOT NULL,
	"business_name" text NOT NULL,
	"company_no" bigint NOT NULL,
	"vat_no" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"mobile_phone" text,
	"email_address" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_branch" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"trading_name" text NOT NULL,
	"business_name" text NOT NULL,
	"vat_no" text NOT NULL,
	"domain_name" text NOT NULL,
	"sector" text DEFAULT 'RETAIL' NOT NULL,
	"subsector" text,
	"first_name" text,
	"last_name" text,
	"mobile_phone" text,
	"email_address" text,
	"address1" text,
	"address2" text,
	"address3" text,
	"address4" text,
	"state" text,
	"city" text,
	"post_code" text,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_branch_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "merchant_branch_domain_name_key" UNIQUE("domain_name")
);
--> statement-breakpoint
CREATE TABLE "merchant_user" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_phone" text NOT NULL,
	"title" text DEFAULT 'MR' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"locked" text DEFAULT 'N' NOT NULL,
	"wrong_entry_numbers" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"pin" text,
	"super_user" boolean DEFAULT false NOT NULL,
	"landing_page" text,
	"activation_date" timestamp with time zone,
	"password_change_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_user_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "merchant_user_user_name_key" UNIQUE("merchant_account_id","user_name")
);
--> statement-breakpoint
CREATE TABLE "merchant_user_branch" (
	"merchant_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_user_branch_merchant_account_id_user_id_merchant_branch_id_pk" PRIMARY KEY("merchant_account_id","user_id","merchant_branch_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_user_role" (
	"merchant_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "merchant_user_role_merchant_account_id_user_id_role_id_pk" PRIMARY KEY("merchant_account_id","user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"user_type" text NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"branch_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role_group" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role_privilege" (
	"role_id" integer NOT NULL,
	"object_name" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	CONSTRAINT "role_privilege_role_id_object_name_action_pk" PRIMARY KEY("role_id","object_name","action")
);
--> statement-breakpoint
CREATE TABLE "server_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_parameter" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "tax_name_key" UNIQUE("merchant_account_id","merchant_branch_id","name")
);
--> statement-breakpoint
ALTER TABLE "licence" ADD CONSTRAINT "licence_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_branch" ADD CONSTRAINT "merchant_branch_merchant_account_id_merchant_account_id_fk" FOREIGN KEY ("merchant_account_id") REFERENCES "public"."merchant_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user" ADD CONSTRAINT "merchant_user_merchant_account_id_merchant_account_id_fk" FOREIGN KEY ("merchant_account_id") REFERENCES "public"."merchant_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_branch" ADD CONSTRAINT "merchant_user_branch_merchant_account_id_user_id_merchant_user_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","user_id") REFERENCES "public"."merchant_user"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_branch" ADD CONSTRAINT "merchant_user_branch_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_role" ADD CONSTRAINT "merchant_user_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_role" ADD CONSTRAINT "merchant_user_role_merchant_account_id_user_id_merchant_user_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","user_id") REFERENCES "public"."merchant_user"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_privilege" ADD CONSTRAINT "role_privilege_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax" ADD CONSTRAINT "tax_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_key_expires_idx" ON "auth_key" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "licence_branch_idx" ON "licence" USING btree ("merchant_account_id","merchant_branch_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "merchant_user_email_idx" ON "merchant_user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_token_expires_idx" ON "refresh_token" USING btree ("expires_at");