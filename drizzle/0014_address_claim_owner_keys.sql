ALTER TABLE "verified_address_claims" ADD COLUMN "owner_key" text;--> statement-breakpoint
CREATE INDEX "verified_address_claims_owner_idx" ON "verified_address_claims" USING btree ("owner_key");