CREATE TYPE "public"."certificate_kind" AS ENUM('participation', 'merit');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'event.certificates_issued';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'certificate.revoked';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'certificate.reissued';--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"code_hash" text NOT NULL,
	"kind" "certificate_kind" NOT NULL,
	"place" integer,
	"event_id" uuid,
	"user_id" uuid,
	"edition_id" integer NOT NULL,
	"student_name" text NOT NULL,
	"team_name" text,
	"event_name" text NOT NULL,
	"event_date" timestamp with time zone,
	"club" text,
	"festival_name" text NOT NULL,
	"institution_name" text NOT NULL,
	"time_zone" text NOT NULL,
	"signatories" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" uuid,
	CONSTRAINT "certificates_place_for_merit" CHECK (("certificates"."kind" = 'merit') = ("certificates"."place" is not null)),
	CONSTRAINT "certificates_revoked_with_reason" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "festival_settings" ADD COLUMN "certificate" jsonb DEFAULT '{"institutionName":"","signatories":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_hash" ON "certificates" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_standing" ON "certificates" USING btree ("event_id","user_id","kind") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_event" ON "certificates" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "certificates_user" ON "certificates" USING btree ("user_id");