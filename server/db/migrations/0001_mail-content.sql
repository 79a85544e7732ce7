ALTER TABLE "outbox_emails" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "body" text DEFAULT '' NOT NULL;