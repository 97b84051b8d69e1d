ALTER TABLE "comments" ADD COLUMN "media_poster" text;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "video_posters" jsonb DEFAULT '{}'::jsonb NOT NULL;