CREATE TABLE "grievance_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"grievance_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket" text NOT NULL,
	"key_hash" text NOT NULL,
	"category" text NOT NULL,
	"content_link" text NOT NULL,
	"description" text NOT NULL,
	"reply_address" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"action_taken" text,
	"created_at" timestamp with time zone NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	CONSTRAINT "grievances_ticket_unique" UNIQUE("ticket")
);
--> statement-breakpoint
ALTER TABLE "grievance_events" ADD CONSTRAINT "grievance_events_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_events_grievance_idx" ON "grievance_events" USING btree ("grievance_id","created_at");--> statement-breakpoint
CREATE INDEX "grievances_due_idx" ON "grievances" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "grievances_created_idx" ON "grievances" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "grievances_resolved_idx" ON "grievances" USING btree ("resolved_at");