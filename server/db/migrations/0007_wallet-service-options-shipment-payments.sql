CREATE SEQUENCE "public"."hawb_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 700000 CACHE 1;--> statement-breakpoint
CREATE TABLE "notification_options" (
	"user_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"value" boolean NOT NULL,
	CONSTRAINT "notification_options_user_guid_name_pk" PRIMARY KEY("user_guid","name")
);
--> statement-breakpoint
CREATE TABLE "shipment_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"user_guid" uuid NOT NULL,
	"hawb_ids" integer[] NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"state" text NOT NULL,
	"provider_token" text,
	"provider_ref" text,
	"gateway_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_payments_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "wallet_additions" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_guid" uuid NOT NULL,
	"is_default" boolean NOT NULL,
	"state" text NOT NULL,
	"saved_card_id" integer,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_guid" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "auto_pay_mandatory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "auto_pay_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "auto_pay_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_pay_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "service_option_id" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pickup_place_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locker_place_id" text;--> statement-breakpoint
ALTER TABLE "notification_options" ADD CONSTRAINT "notification_options_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_payments" ADD CONSTRAINT "shipment_payments_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_additions" ADD CONSTRAINT "wallet_additions_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_payments_user_idx" ON "shipment_payments" USING btree ("user_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_payments_provider_token_idx" ON "shipment_payments" USING btree ("provider_token");--> statement-breakpoint
CREATE INDEX "wallet_additions_user_idx" ON "wallet_additions" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_guid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_one_default_idx" ON "saved_cards" USING btree ("user_guid") WHERE "saved_cards"."is_default";