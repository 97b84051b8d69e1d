CREATE TABLE "scam_identifier_reports" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"witness_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scam_identifier_reports_kind_value_witness_key_pk" PRIMARY KEY("kind","value","witness_key")
);
--> statement-breakpoint
CREATE TABLE "scam_identifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"status" text NOT NULL,
	"source_post_id" integer,
	"source_comment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scam_identifiers" ADD CONSTRAINT "scam_identifiers_source_post_id_posts_id_fk" FOREIGN KEY ("source_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scam_identifiers" ADD CONSTRAINT "scam_identifiers_source_comment_id_comments_id_fk" FOREIGN KEY ("source_comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scam_identifiers_kind_value_idx" ON "scam_identifiers" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "scam_identifiers_created_idx" ON "scam_identifiers" USING btree ("created_at","id");