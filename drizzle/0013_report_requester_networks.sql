ALTER TABLE "reports" ADD COLUMN "requester" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "weighs" boolean DEFAULT true NOT NULL;