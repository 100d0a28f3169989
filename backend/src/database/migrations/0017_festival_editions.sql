ALTER TYPE "public"."audit_action" ADD VALUE 'festival.edition_started' BEFORE 'club.created';--> statement-breakpoint
CREATE TABLE "editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"first_day" date,
	"last_day" date,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"early_close_reason" text,
	CONSTRAINT "editions_closed_named" CHECK ("editions"."closed_at" IS NULL OR ("editions"."name" IS NOT NULL AND "editions"."first_day" IS NOT NULL AND "editions"."last_day" IS NOT NULL))
);
--> statement-breakpoint
-- Today's festival becomes the first edition, open; its events and settings are its own.
INSERT INTO "editions" DEFAULT VALUES;--> statement-breakpoint
DROP INDEX "events_name_unique";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "edition_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every new event names its edition (the open one, as the settings say).
ALTER TABLE "events" ALTER COLUMN "edition_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "festival_settings" ADD COLUMN "edition_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "editions_one_open" ON "editions" USING btree (("closed_at" IS NULL)) WHERE "editions"."closed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festival_settings" ADD CONSTRAINT "festival_settings_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_name_unique" ON "events" USING btree ("edition_id",lower("name"));