CREATE TABLE "credential_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"document_file" text,
	"document_type" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_role" text
);
--> statement-breakpoint
CREATE TABLE "institution_members" (
	"domain" text PRIMARY KEY NOT NULL,
	"members_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_role" text NOT NULL,
	"staff_handle" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text,
	"label" text,
	"decided_by_role" text,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_address_claims" (
	"address_hash" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "requirement_kind" text;--> statement-breakpoint
ALTER TABLE "circles" ADD COLUMN "requirement_value" text;--> statement-breakpoint
ALTER TABLE "credential_requests" ADD CONSTRAINT "credential_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_requests_status_idx" ON "credential_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "credential_requests_user_idx" ON "credential_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credential_requests_document_idx" ON "credential_requests" USING btree ("created_at") WHERE "credential_requests"."document_file" is not null;--> statement-breakpoint
CREATE INDEX "staff_audit_log_created_idx" ON "staff_audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_user_kind_value_idx" ON "verifications" USING btree ("user_id","kind",coalesce("value", ''));