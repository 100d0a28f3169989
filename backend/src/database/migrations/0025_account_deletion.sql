ALTER TYPE "public"."audit_action" ADD VALUE 'user.account_deleted';--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_expires" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
-- A deleted account takes part in nothing more. The participant's row is read FOR KEY SHARE, as
-- migration 0008 reads its role: a registration, a team membership or a place in line that
-- waits for a deletion holding the row FOR UPDATE reads the deletion once it commits, and is refused.
CREATE OR REPLACE FUNCTION participant_is_student() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  participant users%ROWTYPE;
BEGIN
  IF NEW.user_id IS NOT NULL THEN
    SELECT * INTO participant FROM users WHERE users.id = NEW.user_id FOR KEY SHARE;
    IF FOUND AND participant.deleted_at IS NOT NULL THEN
      RAISE EXCEPTION 'A deleted account takes part in nothing' USING ERRCODE = 'check_violation', CONSTRAINT = 'participants_have_accounts';
    END IF;
    IF FOUND AND participant.role <> 'student' THEN
      RAISE EXCEPTION 'Only students take part in events' USING ERRCODE = 'check_violation', CONSTRAINT = 'participants_are_students';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER waitlist_entries_participant_is_student BEFORE INSERT OR UPDATE OF user_id ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION participant_is_student();
