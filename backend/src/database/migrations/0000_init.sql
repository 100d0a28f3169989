CREATE TYPE "public"."event_type" AS ENUM('solo', 'group', 'workshop', 'competition', 'seminar', 'other');--> statement-breakpoint
CREATE TABLE "app_milestones" (
	"key" text PRIMARY KEY NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_type" "event_type" NOT NULL,
	"club_in_charge" text,
	"staff_incharges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_team_size" integer,
	"max_team_size" integer,
	"event_date" timestamp with time zone,
	"registration_deadline" timestamp with time zone,
	"max_applications" integer,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"venue" text,
	"coordinator_name" text,
	"coordinator_dept" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"has_gender_based_teams" boolean DEFAULT false NOT NULL,
	"max_boy_teams" integer,
	"max_girl_teams" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_seats_within_capacity" CHECK ("events"."seats_taken" >= 0 AND ("events"."max_applications" IS NULL OR "events"."seats_taken" <= "events"."max_applications")),
	CONSTRAINT "events_max_applications_positive" CHECK ("events"."max_applications" IS NULL OR "events"."max_applications" >= 1),
	CONSTRAINT "events_team_sizes" CHECK (("events"."min_team_size" IS NULL OR "events"."min_team_size" >= 1) AND ("events"."max_team_size" IS NULL OR "events"."max_team_size" >= coalesce("events"."min_team_size", 1))),
	CONSTRAINT "events_gender_limits" CHECK (coalesce("events"."max_boy_teams", 0) >= 0 AND coalesce("events"."max_girl_teams", 0) >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "events_name_unique" ON "events" USING btree (lower("name"));