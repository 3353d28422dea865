-- Trigram index for the product name "contains" filter and autocomplete (pg_trgm is a trusted extension: PostgreSQL 13+ and PGlite with the contrib module loaded in open-db.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "country" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "country_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "department" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"tax_id" integer NOT NULL,
	"age_restricted" boolean DEFAULT false NOT NULL,
	"exclude_promotion" boolean DEFAULT false NOT NULL,
	"shelf_edge_label_required" boolean DEFAULT false NOT NULL,
	"service_charge_excluded" boolean DEFAULT false NOT NULL,
	"auto_create_menu" boolean DEFAULT false NOT NULL,
	"profit_margin_bp" integer,
	"price_calculation_method" text DEFAULT 'EMPTY' NOT NULL,
	"price_calculation_rate_bp" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "department_name_key" UNIQUE("merchant_account_id","merchant_branch_id","name")
);
--> statement-breakpoint
CREATE TABLE "device" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"network_address" text NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL,
	"kind" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "device_name_key" UNIQUE("merchant_account_id","merchant_branch_id","name")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"barcode" text NOT NULL,
	"barcode_type" text DEFAULT 'NORMAL' NOT NULL,
	"barcode_digit" integer,
	"code_length" integer,
	"department_id" integer NOT NULL,
	"tax_id" integer,
	"price" integer,
	"old_price" integer,
	"web_price" integer,
	"price2" integer,
	"price3" integer,
	"unit" text DEFAULT 'each' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"weighable" boolean DEFAULT false NOT NULL,
	"zero_price_allowed" boolean DEFAULT false NOT NULL,
	"negative_price_allowed" boolean DEFAULT false NOT NULL,
	"product_type" text DEFAULT 'PRODUCT_LINE' NOT NULL,
	"web_file_id" integer,
	"till_file_id" integer,
	"min_stock" integer,
	"max_stock" integer,
	"current_stock" integer DEFAULT 0 NOT NULL,
	"supplier_id" integer,
	"country_id" integer,
	"product_class_id" integer,
	"description" text,
	"row_number" integer DEFAULT 1000 NOT NULL,
	"col_no" integer DEFAULT 10 NOT NULL,
	"cost_price" integer,
	"box_quantity" integer,
	"box_unit" text DEFAULT 'each' NOT NULL,
	"profit_margin_bp" integer,
	"box_price" integer,
	"unit_cost" integer,
	"actual_margin_bp" integer,
	"retail_price" integer,
	"web_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "product_barcode_key" UNIQUE("merchant_account_id","merchant_branch_id","barcode")
);
--> statement-breakpoint
CREATE TABLE "product_class" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_class_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "product_class_name_key" UNIQUE("merchant_account_id","merchant_branch_id","name")
);
--> statement-breakpoint
CREATE TABLE "product_group" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"price" integer,
	"selection_type" text DEFAULT 'SINGLE' NOT NULL,
	"pricing_type" text DEFAULT 'PRODUCT_PRICE' NOT NULL,
	"zero_price_limit" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_group_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_group_product" (
	"merchant_account_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_group_product_merchant_account_id_group_id_product_id_pk" PRIMARY KEY("merchant_account_id","group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_product_tag" (
	"merchant_account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_product_tag_merchant_account_id_product_id_tag_id_pk" PRIMARY KEY("merchant_account_id","product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "product_tag" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"short_name" text NOT NULL,
	"tag_color" text,
	"file_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_tag_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "product_tag_name_key" UNIQUE("merchant_account_id","merchant_branch_id","name")
);
--> statement-breakpoint
CREATE TABLE "stock_event" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"stock_operation" text NOT NULL,
	"stock_event_reason" text,
	"quantity" integer NOT NULL,
	"stock_before" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"user_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_event_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "supplier" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"email" text,
	"phone" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_merchant_account_id_tax_id_tax_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","tax_id") REFERENCES "public"."tax"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_merchant_account_id_department_id_department_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","department_id") REFERENCES "public"."department"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_merchant_account_id_tax_id_tax_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","tax_id") REFERENCES "public"."tax"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_merchant_account_id_supplier_id_supplier_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","supplier_id") REFERENCES "public"."supplier"("merchant_account_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_merchant_account_id_product_class_id_product_class_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","product_class_id") REFERENCES "public"."product_class"("merchant_account_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_merchant_account_id_web_file_id_stored_file_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","web_file_id") REFERENCES "public"."stored_file"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_merchant_account_id_till_file_id_stored_file_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","till_file_id") REFERENCES "public"."stored_file"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_class" ADD CONSTRAINT "product_class_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_product" ADD CONSTRAINT "product_group_product_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_product" ADD CONSTRAINT "product_group_product_merchant_account_id_group_id_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","group_id") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_product" ADD CONSTRAINT "product_group_product_merchant_account_id_product_id_product_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","product_id") REFERENCES "public"."product"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_product_tag" ADD CONSTRAINT "product_product_tag_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_product_tag" ADD CONSTRAINT "product_product_tag_merchant_account_id_product_id_product_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","product_id") REFERENCES "public"."product"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_product_tag" ADD CONSTRAINT "product_product_tag_merchant_account_id_tag_id_product_tag_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","tag_id") REFERENCES "public"."product_tag"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tag" ADD CONSTRAINT "product_tag_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tag" ADD CONSTRAINT "product_tag_merchant_account_id_file_id_stored_file_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","file_id") REFERENCES "public"."stored_file"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_event" ADD CONSTRAINT "stock_event_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_event" ADD CONSTRAINT "stock_event_merchant_account_id_product_id_product_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","product_id") REFERENCES "public"."product"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier" ADD CONSTRAINT "supplier_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_branch_name_idx" ON "product" USING btree ("merchant_account_id","merchant_branch_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_department_idx" ON "product" USING btree ("merchant_account_id","department_id");--> statement-breakpoint
CREATE INDEX "product_name_trgm_idx" ON "product" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_barcode_idx" ON "product" USING btree ("barcode");