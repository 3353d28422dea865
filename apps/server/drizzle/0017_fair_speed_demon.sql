CREATE TABLE "member_provider_customer" (
	"member_user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_account" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_provider_customer_member_user_id_provider_provider_account_pk" PRIMARY KEY("member_user_id","provider","provider_account")
);
--> statement-breakpoint
ALTER TABLE "member_provider_customer" ADD CONSTRAINT "member_provider_customer_member_user_id_member_user_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."member_user"("id") ON DELETE cascade ON UPDATE no action;