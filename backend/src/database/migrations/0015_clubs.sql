ALTER TYPE "public"."audit_action" ADD VALUE 'club.created';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'club.updated';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'club.retired';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'club.restored';--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_name_key" UNIQUE("name")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_name_unique_ci" ON "clubs" USING btree (lower("name"));--> statement-breakpoint
-- The ten clubs the product was built with, and any other club an existing row names: every row keeps its club.
INSERT INTO "clubs" ("name") VALUES ('Blue Sky Forum'), ('Readers'' Club'), ('Photography Club'), ('Dance Club'), ('Music Club'), ('Drama Club'), ('Tech Club'), ('Literary Club'), ('Sports Club'), ('Cultural Club') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "clubs" ("name") SELECT DISTINCT "club_in_charge" FROM "events" WHERE "club_in_charge" IS NOT NULL UNION SELECT DISTINCT "club" FROM "users" WHERE "club" IS NOT NULL UNION SELECT DISTINCT "club_name" FROM "admin_invites" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_club_name_clubs_name_fk" FOREIGN KEY ("club_name") REFERENCES "public"."clubs"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_club_in_charge_clubs_name_fk" FOREIGN KEY ("club_in_charge") REFERENCES "public"."clubs"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_club_clubs_name_fk" FOREIGN KEY ("club") REFERENCES "public"."clubs"("name") ON DELETE no action ON UPDATE cascade;