CREATE TABLE "branch_settings" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"table_order_payment_options" text DEFAULT '' NOT NULL,
	"web_order_payment_options" text DEFAULT '' NOT NULL,
	"notification_tunnel" text DEFAULT '' NOT NULL,
	"auto_order_confirm" boolean DEFAULT true NOT NULL,
	"auto_kitchen" boolean DEFAULT true NOT NULL,
	"auto_inside_delivery" boolean DEFAULT true NOT NULL,
	"auto_outside_delivery" boolean DEFAULT false NOT NULL,
	"auto_dispatch" boolean DEFAULT true NOT NULL,
	"email" text,
	"end_of_day_hour" text DEFAULT '00',
	"is_auto_end_of_day" boolean DEFAULT true NOT NULL,
	"provider" text DEFAULT 'DOJO' NOT NULL,
	"js_url" text,
	"merchant_url" text,
	"base_url" text,
	"jwt" text,
	"password" text,
	"user_type" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_settings_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "branch_settings_branch_key" UNIQUE("merchant_account_id","merchant_branch_id")
);
--> statement-breakpoint
CREATE TABLE "credential" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_hash" text NOT NULL,
	"description" text,
	"master_device" boolean DEFAULT false NOT NULL,
	"order_device" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "credential_client_id_key" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "credit" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"credit_value" integer NOT NULL,
	"credit_used" integer DEFAULT 0 NOT NULL,
	"credit_type" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"to_address" text,
	"from_address" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"user_name" text NOT NULL,
	"password" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_settings_merchant_branch_id_unique" UNIQUE("merchant_branch_id")
);
--> statement-breakpoint
CREATE TABLE "page_settings" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"header_file_id" integer,
	"mobile_file_id" integer,
	"logo_file_id" integer,
	"display_member_zoom" integer DEFAULT 2 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_settings_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "page_settings_branch_key" UNIQUE("merchant_account_id","merchant_branch_id")
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "till_connection" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"credential_id" integer NOT NULL,
	"last_connected_date" timestamp with time zone DEFAULT now() NOT NULL,
	"remote_address" text,
	CONSTRAINT "till_connection_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "till_connection_credential_key" UNIQUE("merchant_account_id","credential_id")
);
--> statement-breakpoint
ALTER TABLE "branch_settings" ADD CONSTRAINT "branch_settings_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential" ADD CONSTRAINT "credential_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit" ADD CONSTRAINT "credit_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_settings" ADD CONSTRAINT "page_settings_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_settings" ADD CONSTRAINT "page_settings_merchant_account_id_header_file_id_stored_file_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","header_file_id") REFERENCES "public"."stored_file"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_settings" ADD CONSTRAINT "page_settings_merchant_account_id_mobile_file_id_stored_file_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","mobile_file_id") REFERENCES "public"."stored_file"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_settings" ADD CONSTRAINT "page_settings_merchant_account_id_logo_file_id_stored_file_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","logo_file_id") REFERENCES "public"."stored_file"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_connection" ADD CONSTRAINT "till_connection_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_connection" ADD CONSTRAINT "till_connection_merchant_account_id_credential_id_credential_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","credential_id") REFERENCES "public"."credential"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;