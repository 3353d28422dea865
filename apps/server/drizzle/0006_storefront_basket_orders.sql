CREATE TABLE "basket" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"bss_id" text NOT NULL,
	"order_type" text NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"service_charge_rate" integer,
	"age_confirmed" boolean DEFAULT false NOT NULL,
	"table_no" integer,
	"placing_since" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "basket_bss_id_key" UNIQUE("merchant_account_id","merchant_branch_id","bss_id")
);
--> statement-breakpoint
CREATE TABLE "basket_line" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"basket_id" integer NOT NULL,
	"bss_id" text NOT NULL,
	"web_menu_id" integer NOT NULL,
	"quantity_tenths" integer NOT NULL,
	"extra_notes" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_line_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "basket_line_bss_id_key" UNIQUE("merchant_account_id","basket_id","bss_id")
);
--> statement-breakpoint
CREATE TABLE "customer_order" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"basket_id" integer NOT NULL,
	"order_no" integer NOT NULL,
	"order_type" text NOT NULL,
	"basket_type" text DEFAULT 'sale' NOT NULL,
	"basket_status" text NOT NULL,
	"order_status" text NOT NULL,
	"sync_status" text DEFAULT 'INIT' NOT NULL,
	"error_type" text DEFAULT 'INIT' NOT NULL,
	"error_message" text,
	"remote" boolean DEFAULT true NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"payment_type" text NOT NULL,
	"table_no" integer,
	"first_name" text,
	"last_name" text,
	"email" text,
	"mobile_phone" text,
	"delivery_address" jsonb,
	"order_notes" text,
	"allergies" text,
	"delivery_time" text,
	"sub_total" integer NOT NULL,
	"discount" integer NOT NULL,
	"service_charge" integer NOT NULL,
	"delivery_fee" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"order_date" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_order_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id"),
	CONSTRAINT "customer_order_no_key" UNIQUE("merchant_account_id","merchant_branch_id","order_no"),
	CONSTRAINT "customer_order_basket_key" UNIQUE("merchant_account_id","basket_id")
);
--> statement-breakpoint
CREATE TABLE "customer_order_line" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"description" text NOT NULL,
	"quantity_tenths" integer NOT NULL,
	"total_price" integer NOT NULL,
	CONSTRAINT "customer_order_line_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"merchant_account_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_branch_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_status" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_event_merchant_account_id_id_pk" PRIMARY KEY("merchant_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "postcode_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_code" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"address_line3" text,
	"address_line4" text,
	"post_town" text NOT NULL,
	"latitude_e6" integer NOT NULL,
	"longitude_e6" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket" ADD CONSTRAINT "basket_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_line" ADD CONSTRAINT "basket_line_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_line" ADD CONSTRAINT "basket_line_merchant_account_id_basket_id_basket_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","basket_id") REFERENCES "public"."basket"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order" ADD CONSTRAINT "customer_order_merchant_account_id_basket_id_basket_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","basket_id") REFERENCES "public"."basket"("merchant_account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_line" ADD CONSTRAINT "customer_order_line_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_line" ADD CONSTRAINT "customer_order_line_merchant_account_id_order_id_customer_order_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","order_id") REFERENCES "public"."customer_order"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_merchant_account_id_merchant_branch_id_merchant_branch_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","merchant_branch_id") REFERENCES "public"."merchant_branch"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_merchant_account_id_order_id_customer_order_merchant_account_id_id_fk" FOREIGN KEY ("merchant_account_id","order_id") REFERENCES "public"."customer_order"("merchant_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_event_branch_idx" ON "order_event" USING btree ("merchant_account_id","merchant_branch_id","id");--> statement-breakpoint
CREATE INDEX "postcode_address_post_code_idx" ON "postcode_address" USING btree ("post_code");
--> statement-breakpoint
-- The built-in gazetteer's seed: real-looking addresses around the demo store (SW1A 1AA) and a few further out.
INSERT INTO "postcode_address" ("post_code", "address_line1", "address_line2", "post_town", "latitude_e6", "longitude_e6") VALUES
('SW1A 1AA', 'Buckingham Palace', NULL, 'London', 51501009, -141588),
('SW1A 1AA', '1 High Street', NULL, 'London', 51501009, -141588),
('SW1A 2AA', '10 Downing Street', NULL, 'London', 51503396, -127640),
('SW1A 2AA', '11 Downing Street', NULL, 'London', 51503396, -127640),
('SW1A 0AA', 'House of Commons', 'Palace of Westminster', 'London', 51499840, -124663),
('SW1E 5JL', 'Flat 1', '20 Palace Street', 'London', 51497980, -138640),
('SW1E 5JL', 'Flat 2', '20 Palace Street', 'London', 51497980, -138640),
('SW1E 5JL', 'Flat 3', '20 Palace Street', 'London', 51497980, -138640),
('SW1H 0BD', '14 Queen Annes Gate', NULL, 'London', 51500730, -132680),
('SW1H 0BD', '16 Queen Annes Gate', NULL, 'London', 51500730, -132680),
('SW1P 3BU', '2 Marsham Street', NULL, 'London', 51495580, -129860),
('SW1V 1QT', '41 Belgrave Road', NULL, 'London', 51490480, -140190),
('SW1V 1QT', '43 Belgrave Road', NULL, 'London', 51490480, -140190),
('W1D 3QF', '12 Dean Street', NULL, 'London', 51513870, -132740),
('W1D 3QF', '14 Dean Street', NULL, 'London', 51513870, -132740),
('SE1 7PB', 'Flat 5', 'County Hall, Westminster Bridge Road', 'London', 51501720, -118660),
('EC2N 2DB', '25 Old Broad Street', NULL, 'London', 51515440, -83290),
('N1 9AL', '3 Pancras Square', NULL, 'London', 51534200, -125780),
('E14 5AB', '1 Canada Square', NULL, 'London', 51505150, -19520),
('SW19 5AE', 'Church Road', NULL, 'London', 51434330, -214340);
