CREATE TYPE "public"."invite_status" AS ENUM('pending', 'accepted', 'declined', 'expired', 'cancelled', 'withdrawn');--> statement-breakpoint
CREATE TABLE "team_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"status" "invite_status" DEFAULT 'pending' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_gender_counts" (
	"event_id" uuid NOT NULL,
	"gender" "gender" NOT NULL,
	"registered" integer NOT NULL,
	CONSTRAINT "team_gender_counts_pk" PRIMARY KEY("event_id","gender"),
	CONSTRAINT "team_gender_counts_positive" CHECK ("team_gender_counts"."registered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text,
	"email" text,
	"year" text,
	"branch" text,
	"section" text,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_members_one_team_per_event" UNIQUE("event_id","user_id"),
	CONSTRAINT "team_members_account_or_name" CHECK ("team_members"."user_id" IS NOT NULL OR "team_members"."name" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"leader_id" uuid NOT NULL,
	"gender" "gender",
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "teams_id_event" UNIQUE("id","event_id")
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_gender_counts" ADD CONSTRAINT "team_gender_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team" FOREIGN KEY ("team_id","event_id") REFERENCES "public"."teams"("id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invites_token" ON "team_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invites_one_pending" ON "team_invites" USING btree ("team_id","invitee_id") WHERE "team_invites"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "team_invites_invitee" ON "team_invites" USING btree ("invitee_id","status");--> statement-breakpoint
CREATE INDEX "team_invites_pending_expiry" ON "team_invites" USING btree ("expires_at") WHERE "team_invites"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "team_members_team" ON "team_members" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_members_user" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_per_event" ON "teams" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "teams_leader" ON "teams" USING btree ("leader_id");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_team" ON "registrations" USING btree ("team_id");