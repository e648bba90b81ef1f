ALTER TABLE "background_jobs" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_active_key_idx" ON "background_jobs" USING btree ("dedupe_key") WHERE "background_jobs"."status" in ('queued', 'running');