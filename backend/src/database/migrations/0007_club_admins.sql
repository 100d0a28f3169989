CREATE TYPE "public"."admin_invite_status" AS ENUM('pending', 'accepted', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."audit_action" AS ENUM('invite.sent', 'invite.cancelled', 'invite.accepted', 'event.created', 'event.updated', 'event.deleted', 'registration.approved', 'registration.rejected', 'user.role_changed');--> statement-breakpoint
CREATE TABLE "admin_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"club_name" text NOT NULL,
	"event_id" uuid NOT NULL,
	"invited_by" uuid,
	"token_hash" text NOT NULL,
	"status" "admin_invite_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"accepted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" "audit_action" NOT NULL,
	"club" text,
	"subject_type" text NOT NULL,
	"subject_id" uuid,
	"subject_label" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assigned_event_id" uuid;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invites_token" ON "admin_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invites_one_pending_per_event" ON "admin_invites" USING btree ("event_id") WHERE "admin_invites"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "admin_invites_created" ON "admin_invites" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_invites_pending_expiry" ON "admin_invites" USING btree ("expires_at") WHERE "admin_invites"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_club_at" ON "audit_log" USING btree ("club","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_assigned_event_id_events_id_fk" FOREIGN KEY ("assigned_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_admin_per_event" ON "users" USING btree ("assigned_event_id");