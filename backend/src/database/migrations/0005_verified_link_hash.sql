ALTER TABLE "users" ADD COLUMN "verified_link_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_link_hash_unique" ON "users" USING btree ("verified_link_hash");