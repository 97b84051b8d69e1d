ALTER TABLE "posts" ADD COLUMN "image_text" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "image_text" text;