CREATE TABLE "language_backfill" (
	"table_name" text PRIMARY KEY NOT NULL,
	"below_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reading_languages" jsonb;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "language" text DEFAULT 'und' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "language" text DEFAULT 'und' NOT NULL;