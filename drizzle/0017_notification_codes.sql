DROP INDEX "notifications_milestone_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_milestone_code_idx" ON "notifications" USING btree ("user_id",coalesce("post_id", 0),coalesce("comment_id", 0),"code",("params"->>'count')) WHERE "notifications"."kind" = 'upvote_milestone';