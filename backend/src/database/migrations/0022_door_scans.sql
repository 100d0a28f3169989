CREATE TYPE "public"."door_scan_verdict" AS ENUM('admitted', 'unknown', 'other-event', 'not-approved', 'before-the-day');--> statement-breakpoint
CREATE TABLE "door_scans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"admin_id" uuid,
	"door" text NOT NULL,
	"code" text NOT NULL,
	"holder_ids" uuid[],
	"scanned_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verdict" "door_scan_verdict" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_door" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_scan" uuid;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_scans_by_event" ON "door_scans" USING btree ("event_id","scanned_at");