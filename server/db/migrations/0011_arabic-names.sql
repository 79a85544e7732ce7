ALTER TABLE "cities" ADD COLUMN "city_name_ar" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "params" jsonb;