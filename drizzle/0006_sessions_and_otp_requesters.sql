CREATE TABLE "revoked_sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_pkey";--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "requester" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_email_hash_requester_pk" PRIMARY KEY("email_hash","requester");--> statement-breakpoint
ALTER TABLE "otp_sends" ADD COLUMN "requester" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "otp_sends_email_requester_sent_idx" ON "otp_sends" USING btree ("email_hash","requester","sent_at");
