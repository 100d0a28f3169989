CREATE TABLE "event_seats" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"capacity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_seats_within_capacity" CHECK ("event_seats"."taken" >= 0 AND ("event_seats"."capacity" IS NULL OR "event_seats"."taken" <= "event_seats"."capacity")),
	CONSTRAINT "event_seats_capacity_positive" CHECK ("event_seats"."capacity" IS NULL OR "event_seats"."capacity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_seats_within_capacity";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_max_applications_positive";--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Half-empty pages leave room for a rush's updates to stay on their page (HOT), where they are pruned.
ALTER TABLE "event_seats" SET (fillfactor = 50);--> statement-breakpoint
INSERT INTO "event_seats" ("event_id", "capacity", "taken") SELECT "id", "max_applications", "seats_taken" FROM "events";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "max_applications";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "seats_taken";