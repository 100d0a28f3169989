CREATE TYPE "public"."waitlist_status" AS ENUM('waiting', 'offered', 'accepted', 'declined', 'lapsed', 'left');--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"status" "waitlist_status" DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_seats" DROP CONSTRAINT "event_seats_within_capacity";--> statement-breakpoint
ALTER TABLE "event_seats" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "event_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_open_per_student" ON "waitlist_entries" USING btree ("event_id","user_id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_open_per_team" ON "waitlist_entries" USING btree ("event_id","team_id") WHERE "waitlist_entries"."status" in ('waiting', 'offered') and "waitlist_entries"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "waitlist_line" ON "waitlist_entries" USING btree ("event_id","joined_at","id") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_offers_due" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_user" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_within_capacity" CHECK ("event_seats"."taken" >= 0 AND "event_seats"."held" >= 0 AND ("event_seats"."capacity" IS NULL OR "event_seats"."taken" + "event_seats"."held" <= "event_seats"."capacity"));