ALTER TABLE "requests" ADD COLUMN "claim" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_foreign_awb_idx" ON "shipments" USING btree (upper("foreign_awb"));--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_request_position_idx" ON "uploads" USING btree ("request_id","position");