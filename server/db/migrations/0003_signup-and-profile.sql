CREATE SEQUENCE "public"."mailbox_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 400000 CACHE 1;--> statement-breakpoint
CREATE TABLE "cities" (
	"country_code" text NOT NULL,
	"city_name" text NOT NULL,
	"zip_code" text,
	"state" text,
	CONSTRAINT "cities_country_code_city_name_pk" PRIMARY KEY("country_code","city_name")
);
--> statement-breakpoint
CREATE TABLE "marketing_contacts" (
	"email" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country_code" text NOT NULL,
	"lang_code" text NOT NULL,
	"optin" boolean NOT NULL,
	"form_stage" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_guid" uuid NOT NULL,
	"list_id" integer NOT NULL,
	"subscribed" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_user_guid_list_id_pk" PRIMARY KEY("user_guid","list_id")
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "id_types" text[] DEFAULT '{"passport"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "id_attachment_mandatory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "id_details_mandatory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tel1" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "w3w_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_plan_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "apply_protection_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_mobile_idx" ON "users" USING btree ("mobile");