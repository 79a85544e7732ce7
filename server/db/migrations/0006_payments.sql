CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100000 CACHE 1;--> statement-breakpoint
CREATE TABLE "card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_guid" uuid NOT NULL,
	"system_id" integer NOT NULL,
	"first6" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_date" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"user_guid" uuid NOT NULL,
	"plan_id" integer NOT NULL,
	"is_signup" boolean NOT NULL,
	"method_code" text NOT NULL,
	"currency" text NOT NULL,
	"list_amount_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"promo_code" text,
	"additional_duration" integer DEFAULT 0 NOT NULL,
	"additional_duration_type" text,
	"auto_renew" boolean NOT NULL,
	"save_card" boolean NOT NULL,
	"state" text NOT NULL,
	"provider_token" text,
	"provider_ref" text,
	"gateway_message" text,
	"plan_expiry_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" integer NOT NULL,
	"plan_ids" integer[],
	"bin_prefixes" text[],
	"payment_types" text[],
	"country_codes" text[],
	"additional_duration" integer DEFAULT 0 NOT NULL,
	"additional_duration_type" text,
	"valid_until" date
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_token_idx" ON "payment_orders" USING btree ("provider_token");