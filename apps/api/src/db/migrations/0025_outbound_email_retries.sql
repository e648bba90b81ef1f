ALTER TABLE "outbound_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "deliver_by" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbound_emails_retry_idx" ON "outbound_emails" USING btree ("next_attempt_at") WHERE "outbound_emails"."next_attempt_at" is not null;