CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"kinds" text[] NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"time_zone" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_quiet_hours" CHECK (("push_subscriptions"."quiet_start" is null and "push_subscriptions"."quiet_end" is null and "push_subscriptions"."time_zone" is null) or ("push_subscriptions"."quiet_start" between 0 and 1439 and "push_subscriptions"."quiet_end" between 0 and 1439 and "push_subscriptions"."time_zone" is not null))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "video_renditions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");