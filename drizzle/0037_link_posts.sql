ALTER TABLE "posts" ADD COLUMN "link" jsonb;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "link" text;