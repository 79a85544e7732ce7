CREATE TABLE "package_alerts" (
	"awb" text NOT NULL,
	"kind" text NOT NULL,
	"user_guid" uuid NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"outbox_id" integer,
	CONSTRAINT "package_alerts_awb_kind_pk" PRIMARY KEY("awb","kind")
);
--> statement-breakpoint
ALTER TABLE "package_alerts" ADD CONSTRAINT "package_alerts_awb_shipments_awb_fk" FOREIGN KEY ("awb") REFERENCES "public"."shipments"("awb") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_alerts" ADD CONSTRAINT "package_alerts_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_alerts" ADD CONSTRAINT "package_alerts_outbox_id_outbox_emails_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_alerts_due_idx" ON "package_alerts" USING btree ("due_at") WHERE "package_alerts"."state" = 'due';