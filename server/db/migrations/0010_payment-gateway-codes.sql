ALTER TABLE "payment_orders" ADD COLUMN "gateway_code" text;--> statement-breakpoint
ALTER TABLE "shipment_payments" ADD COLUMN "gateway_code" text;