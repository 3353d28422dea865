CREATE TABLE "floor_plan" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"size" integer NOT NULL,
	"row_size" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_plan_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "floor_plan_branch_key" UNIQUE("merchant_account_id","merchant_branch_id")
);
--> statement-breakpoint
CREATE TABLE "mix_and_match" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"mix_and_match_type" text DEFAULT 'MIXMATCH' NOT NULL,
	"level" text DEFAULT 'PRODUCT' NOT NULL,
	"operation" text DEFAULT 'FIXED_PRICE' NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"start_date" text,
	"end_date" text,
	"monday" boolean DEFAULT true NOT NULL,
	"tuesday" boolean DEFAULT true NOT NULL,
	"wednesday" boolean DEFAULT true NOT NULL,
	"thursday" boolean DEFAULT true NOT NULL,
	"friday" boolean DEFAULT true NOT NULL,
	"saturday" boolean DEFAULT true NOT NULL,
	"sunday" boolean DEFAULT true NOT NULL,
	"start_hour" integer,
	"start_minute" integer,
	"duration" integer,
	"mm_print" text DEFAULT 'LABEL' NOT NULL,
	"web_enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mix_and_match_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "mix_and_match_product" (
	"merchant_account_id" integer NOT NULL,
	"mix_and_match_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mix_and_match_product_merchant_account_id_mix_and_match_id_product_id_pk" PRIMARY KEY("merchant_account_id","mix_and_match_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "rest_table" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"table_no" integer NOT NULL,
	"table_capacity" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rest_table_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "rest_table_no_key" UNIQUE("merchant_account_id","merchant_branch_id","table_no")
);
--> statement-breakpoint
CREATE TABLE "web_menu" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"parent_id" integer,
	"product_id" integer,
	"longname" text,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"sub_title" text,
	"has_sub_menu" boolean DEFAULT true NOT NULL,
	"web_enabled" boolean DEFAULT true NOT NULL,
	"web_file_id" integer,
	"till_file_id" integer,
	"grp_content" integer,
	"grp_content_x" integer,
	"grp_main" integer,
	"grp_option1" integer,
	"grp_option2" integer,
	"grp_option3" integer,
	"grp_option4" integer,
	"grp_option1_label" text DEFAULT 'opt1' NOT NULL,
	"grp_option2_label" text DEFAULT 'opt2' NOT NULL,
	"grp_option3_label" text DEFAULT 'opt3' NOT NULL,
	"grp_option4_label" text DEFAULT 'opt4' NOT NULL,
	"kitchen_printer_grp1" integer,
	"kitchen_printer_grp2" integer,
	"kitchen_printer_grp3" integer,
	"kitchen_printer_grp4" integer,
	"kitchen_printer1" integer,
	"kitchen_printer2" integer,
	"kitchen_printer3" integer,
	"kitchen_printer4" integer,
	"print_order" integer DEFAULT 0 NOT NULL,
	"font_size" text DEFAULT '3.0vmin' NOT NULL,
	"font_weight" text DEFAULT 'bold' NOT NULL,
	"text_align" text DEFAULT 'center' NOT NULL,
	"flex" integer DEFAULT 1 NOT NULL,
	"menu_style_height_flex" integer DEFAULT 1 NOT NULL,
	"row_no" integer DEFAULT 1 NOT NULL,
	"col_no" integer DEFAULT 1 NOT NULL,
	"border_radius" text DEFAULT '1vmin' NOT NULL,
	"page_size" integer DEFAULT 1 NOT NULL,
	"row_size" integer DEFAULT 1 NOT NULL,
	"space_length" integer DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"lining" boolean DEFAULT false NOT NULL,
	"dummy" boolean DEFAULT false NOT NULL,
	"display_siblings" boolean DEFAULT false NOT NULL,
	"display_grand_childs" boolean DEFAULT false NOT NULL,
	"till_id_list" text,
	"show_inline" boolean DEFAULT false NOT NULL,
	"single_line" boolean DEFAULT false NOT NULL,
	"condiment" boolean DEFAULT false NOT NULL,
	"color" text,
	"background" text,
	"menu_display_type" text DEFAULT 'DISPLAY_NUMBER' NOT NULL,
	"menu_display_no" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_menu_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "web_menu_product_tag" (
	"merchant_account_id" integer NOT NULL,
	"web_menu_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "web_menu_product_tag_merchant_account_id_web_menu_id_tag_id_pk" PRIMARY KEY("merchant_account_id","web_menu_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "minimum_delivery_basket_price" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "delivery_fee" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "free_delivery_amount" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "collection_discount_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "service_charge_options" text;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "default_service_charge" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "service_charge_options_table_order" text;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "default_service_charge_table_order" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "service_charge_options_delivery" text;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "default_service_charge_delivery" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "scheduled_for_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "minimum_delivery_delivery_duration" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "maximum_delivery_delivery_duration" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "price_calculation_method" text DEFAULT 'EMPTY' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "price_calculation_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "serviceable_areas" text;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "distance_hundredths_miles" integer;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "show_email_address_in_the_store_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "menu_border_color" text DEFAULT '#00bcd4' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "menu_display_template" text DEFAULT 'Template1' NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_settings" ADD COLUMN "menu_display_type" text DEFAULT 'DISPLAY_NUMBER' NOT NULL;--> statement-breakpoint
ALTER TABLE "floor_plan" ADD CONSTRAINT "floor_plan_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mix_and_match" ADD CONSTRAINT "mix_and_match_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mix_and_match_product" ADD CONSTRAINT "mix_and_match_product_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mix_and_match_product" ADD CONSTRAINT "mix_and_match_product_merchant_account_id_mix_and_match_id_mix_and_match_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","mix_and_match_id") REFERENCES "public"."mix_and_match"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mix_and_match_product" ADD CONSTRAINT "mix_and_match_product_merchant_account_id_product_id_product_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","product_id") REFERENCES "public"."product"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rest_table" ADD CONSTRAINT "rest_table_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_parent_id_web_menu_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","parent_id") REFERENCES "public"."web_menu"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_product_id_product_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","product_id") REFERENCES "public"."product"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_grp_content_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","grp_content") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_grp_content_x_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","grp_content_x") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_grp_main_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","grp_main") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_grp_option1_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","grp_option1") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_grp_option2_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","grp_option2") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_grp_option3_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","grp_option3") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_grp_option4_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","grp_option4") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_kitchen_printer_grp1_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","kitchen_printer_grp1") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_kitchen_printer_grp2_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","kitchen_printer_grp2") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_kitchen_printer_grp3_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","kitchen_printer_grp3") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_kitchen_printer_grp4_product_group_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","kitchen_printer_grp4") REFERENCES "public"."product_group"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_kitchen_printer1_device_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","kitchen_printer1") REFERENCES "public"."device"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_kitchen_printer2_device_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","kitchen_printer2") REFERENCES "public"."device"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_kitchen_printer3_device_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","kitchen_printer3") REFERENCES "public"."device"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_kitchen_printer4_device_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","kitchen_printer4") REFERENCES "public"."device"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_web_file_id_stored_file_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","web_file_id") REFERENCES "public"."stored_file"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu" ADD CONSTRAINT "web_menu_merchant_account_id_till_file_id_stored_file_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","till_file_id") REFERENCES "public"."stored_file"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu_product_tag" ADD CONSTRAINT "web_menu_product_tag_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu_product_tag" ADD CONSTRAINT "web_menu_product_tag_merchant_account_id_web_menu_id_web_menu_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","web_menu_id") REFERENCES "public"."web_menu"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_menu_product_tag" ADD CONSTRAINT "web_menu_product_tag_merchant_account_id_tag_id_product_tag_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","tag_id") REFERENCES "public"."product_tag"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mix_and_match_product_idx" ON "mix_and_match_product" USING btree ("merchant_account_id","product_id");--> statement-breakpoint
CREATE INDEX "web_menu_parent_idx" ON "web_menu" USING btree ("merchant_account_id","merchant_branch_id","parent_id");--> statement-breakpoint
CREATE INDEX "web_menu_name_trgm_idx" ON "web_menu" USING gin ("name" gin_trgm_ops);