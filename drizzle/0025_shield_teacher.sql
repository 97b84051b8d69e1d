CREATE TABLE "scam_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"text" text NOT NULL,
	"author_id" integer,
	"post_id" integer,
	"comment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shield_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"precision" double precision NOT NULL,
	"recall" double precision NOT NULL,
	"decisions" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scam_decisions" ADD CONSTRAINT "scam_decisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scam_decisions_author_idx" ON "scam_decisions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "scam_decisions_item_idx" ON "scam_decisions" USING btree ("post_id","comment_id");--> statement-breakpoint
CREATE INDEX "shield_models_created_idx" ON "shield_models" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);