ALTER TYPE "public"."audit_action" ADD VALUE 'event.winners_confirmed';--> statement-breakpoint
CREATE TABLE "event_winners" (
	"event_id" uuid NOT NULL,
	"place" integer NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_winners_place" UNIQUE("event_id","place"),
	CONSTRAINT "event_winners_student" UNIQUE("event_id","user_id"),
	CONSTRAINT "event_winners_team" UNIQUE("event_id","team_id"),
	CONSTRAINT "event_winners_place_positive" CHECK ("event_winners"."place" >= 1),
	CONSTRAINT "event_winners_student_or_team" CHECK (num_nonnulls("event_winners"."user_id", "event_winners"."team_id") = 1)
);
--> statement-breakpoint
-- A ticket code: 128 random bits (from two random uuids' 244), base64url without padding.
CREATE FUNCTION new_ticket_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT translate(rtrim(encode(substring(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) FROM 1 FOR 16), 'base64'), '='), '+/', '-_')
$$;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "ticket_code" text DEFAULT new_ticket_code() NOT NULL;--> statement-breakpoint
-- The default gave every existing row a code of its own; a registered team's members share their team's one ticket.
UPDATE "registrations" SET "ticket_code" = "team_ticket"."code"
FROM (SELECT DISTINCT ON ("team_id") "team_id", "ticket_code" AS "code" FROM "registrations" WHERE "team_id" IS NOT NULL ORDER BY "team_id", "applied_at", "id") AS "team_ticket"
WHERE "registrations"."team_id" = "team_ticket"."team_id";--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "is_present" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_winners" ADD CONSTRAINT "event_winners_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_winners" ADD CONSTRAINT "event_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_winners" ADD CONSTRAINT "event_winners_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_winners_user" ON "event_winners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_winners_team_id" ON "event_winners" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "registrations_ticket" ON "registrations" USING btree ("ticket_code");