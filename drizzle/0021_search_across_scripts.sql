ALTER TABLE "circles" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', bsq_search_text(coalesce(name, ''))), 'A') || setweight(to_tsvector('simple', bsq_search_text(coalesce(description, ''))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(name, '') || ' ' || coalesce(description, ''))), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', bsq_search_text(coalesce(body, ''))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(body, ''))), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', bsq_search_text(coalesce(title, ''))), 'A') || setweight(to_tsvector('simple', bsq_search_text(regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(title, '') || ' ' || regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'))), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "search_skeleton" text GENERATED ALWAYS AS (bsq_search_skeleton(coalesce(name, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search_skeleton" text GENERATED ALWAYS AS (bsq_search_skeleton(left(coalesce(body, ''), 2000))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', bsq_search_text(coalesce(title, '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_skeleton" text GENERATED ALWAYS AS (bsq_search_skeleton(left(coalesce(title, '') || ' ' || regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'), 2000))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "circles_skeleton_idx" ON "circles" USING gin ("search_skeleton" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comments_skeleton_idx" ON "comments" USING gin ("search_skeleton" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_title_search_idx" ON "posts" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "posts_skeleton_idx" ON "posts" USING gin ("search_skeleton" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "circles_search_idx" ON "circles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");
