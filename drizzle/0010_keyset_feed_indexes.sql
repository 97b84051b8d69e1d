DROP INDEX "posts_top_idx";--> statement-breakpoint
DROP INDEX "posts_author_created_idx";--> statement-breakpoint
CREATE INDEX "posts_circle_top_idx" ON "posts" USING btree ("circle_id",("like_count" - "dislike_count") desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_top_idx" ON "posts" USING btree (("like_count" - "dislike_count") desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_author_created_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);