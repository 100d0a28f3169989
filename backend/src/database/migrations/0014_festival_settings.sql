ALTER TYPE "public"."audit_action" ADD VALUE 'festival.settings_changed';--> statement-breakpoint
CREATE TABLE "festival_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"tagline" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"registration_opens_at" timestamp with time zone NOT NULL,
	"registration_closes_at" timestamp with time zone,
	"about" jsonb NOT NULL,
	"max_registrations_per_student" integer NOT NULL,
	"clash_check" boolean NOT NULL,
	"event_length_minutes" integer NOT NULL,
	"waitlist_offer_hours" integer NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "festival_settings_one_row" CHECK ("festival_settings"."id" = 1),
	CONSTRAINT "festival_settings_days_in_order" CHECK ("festival_settings"."last_day" >= "festival_settings"."first_day"),
	CONSTRAINT "festival_settings_window_in_order" CHECK ("festival_settings"."registration_closes_at" IS NULL OR "festival_settings"."registration_closes_at" > "festival_settings"."registration_opens_at"),
	CONSTRAINT "festival_settings_cap" CHECK ("festival_settings"."max_registrations_per_student" BETWEEN 0 AND 100),
	CONSTRAINT "festival_settings_event_length" CHECK ("festival_settings"."event_length_minutes" BETWEEN 15 AND 1440),
	CONSTRAINT "festival_settings_offer_hours" CHECK ("festival_settings"."waitlist_offer_hours" BETWEEN 1 AND 168)
);
