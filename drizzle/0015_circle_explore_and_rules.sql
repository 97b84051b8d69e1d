DROP INDEX "circles_popularity_idx";--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "recent_posts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "circles_members_keyset_idx" ON "circles" USING btree ("members_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "circles_active_keyset_idx" ON "circles" USING btree ("recent_posts" DESC NULLS LAST,"id" DESC NULLS LAST);