CREATE TABLE "account_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_guid" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_guid" uuid NOT NULL,
	"alias" text NOT NULL,
	"entity" text NOT NULL,
	"country_code" text NOT NULL,
	"street_address_line1" text NOT NULL,
	"street_address_line2" text,
	"city" text NOT NULL,
	"state" text,
	"zip_code" text,
	"telephone" text NOT NULL,
	"mailbox_customer_entity" text NOT NULL,
	"mailbox_customer_number" text NOT NULL,
	"services" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"is_zip_code_required" boolean NOT NULL,
	"has_addresses" boolean NOT NULL,
	"enable_what3words" boolean NOT NULL,
	"currency_code" text NOT NULL,
	"phone_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_rates" (
	"origin_country_code" text NOT NULL,
	"destination_country_code" text NOT NULL,
	"transit_days" text NOT NULL,
	"rates" jsonb NOT NULL,
	CONSTRAINT "country_rates_origin_country_code_destination_country_code_pk" PRIMARY KEY("origin_country_code","destination_country_code")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"usd_rate" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_guid" uuid NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_guid_key_pk" PRIMARY KEY("user_guid","key")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"guid" uuid PRIMARY KEY NOT NULL,
	"id" serial NOT NULL,
	"user_guid" uuid NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"delete_flag" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"type_ids" integer[] NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"kind" text NOT NULL,
	"lang_code" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"country_code" text NOT NULL,
	"position" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"amount" text NOT NULL,
	"currency_code" text NOT NULL,
	"duration" integer NOT NULL,
	"mandate_auto_renew" boolean NOT NULL,
	"renewal_allowed_in_last_days" integer NOT NULL,
	CONSTRAINT "plans_country_code_plan_id_pk" PRIMARY KEY("country_code","plan_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_guid" uuid NOT NULL,
	"case_reference" text NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category" integer,
	"status" integer NOT NULL,
	"status_desc" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"external_string" text,
	"close_case" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_case_reference_unique" UNIQUE("case_reference")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_guid" uuid NOT NULL,
	"provider_token" text NOT NULL,
	"type" text NOT NULL,
	"first6_digits" text NOT NULL,
	"last4_digits" text NOT NULL,
	"expiry_date" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_guid" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"awb" text PRIMARY KEY NOT NULL,
	"hawb_id" integer NOT NULL,
	"foreign_awb" text,
	"user_guid" uuid,
	"customer_id" integer DEFAULT 0 NOT NULL,
	"origin_country_code" text NOT NULL,
	"origin_entity" text NOT NULL,
	"dest_entity" text NOT NULL,
	"merchant" text,
	"description" text NOT NULL,
	"weight_kg" text NOT NULL,
	"current_status" text NOT NULL,
	"last_pi" integer NOT NULL,
	"tracking_progress" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"customs_duty" text DEFAULT '0' NOT NULL,
	"import_vat" text DEFAULT '0' NOT NULL,
	"customs_invoiced" boolean DEFAULT false NOT NULL,
	"customs_declared_value" text,
	"customs_declared_currency" text,
	"charges" jsonb,
	"charges_paid" boolean DEFAULT true NOT NULL,
	"history" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipments_hawb_id_unique" UNIQUE("hawb_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"guid" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_drop_ship" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"lang_code" text DEFAULT 'en' NOT NULL,
	"country_code" text NOT NULL,
	"city" text,
	"entity" text,
	"state" text,
	"street_address_line1" text,
	"street_address_line2" text,
	"zip_code" text,
	"mobile" text,
	"birth_date" date,
	"gender" text,
	"nationality" text,
	"has_mailboxes" boolean DEFAULT false NOT NULL,
	"confirmed_agreement" boolean DEFAULT false NOT NULL,
	"live_chat_enabled" boolean DEFAULT true NOT NULL,
	"id_mandatory" boolean DEFAULT false NOT NULL,
	"id_uploaded" boolean DEFAULT false NOT NULL,
	"id_details_mandatory" boolean DEFAULT false NOT NULL,
	"id_type" text,
	"id_type_value" text,
	"payment_method" integer DEFAULT 0 NOT NULL,
	"plan_id" integer DEFAULT 1 NOT NULL,
	"plan_start_date" date,
	"plan_expiry_date" date,
	"plan_auto_renewal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "offices_country_idx" ON "offices" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "requests_user_idx" ON "requests" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "shipments_user_idx" ON "shipments" USING btree ("user_guid");