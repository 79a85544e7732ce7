CREATE TABLE "return_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"awb" text NOT NULL,
	"user_guid" uuid NOT NULL,
	"pickup_address" jsonb NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"pickup_date" text NOT NULL,
	"ready_time" text NOT NULL,
	"latest_time" text NOT NULL,
	"content_description" text NOT NULL,
	"currency_code" text NOT NULL,
	"amount" text NOT NULL,
	"weight" text NOT NULL,
	"weight_unit" text NOT NULL,
	"price_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_shipments_awb_unique" UNIQUE("awb")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "invoice" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "shipment_awb" text;--> statement-breakpoint
ALTER TABLE "return_shipments" ADD CONSTRAINT "return_shipments_awb_shipments_awb_fk" FOREIGN KEY ("awb") REFERENCES "public"."shipments"("awb") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_shipments" ADD CONSTRAINT "return_shipments_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_shipment_awb_shipments_awb_fk" FOREIGN KEY ("shipment_awb") REFERENCES "public"."shipments"("awb") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_shipment_idx" ON "uploads" USING btree ("shipment_awb");