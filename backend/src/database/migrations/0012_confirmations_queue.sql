ALTER TABLE "registrations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Registrations made before confirmations existed are not confirmed now, long after the fact.
UPDATE "registrations" SET "confirmed_at" = "applied_at";--> statement-breakpoint
CREATE INDEX "registrations_unconfirmed" ON "registrations" USING btree ("applied_at") WHERE "registrations"."confirmed_at" is null;