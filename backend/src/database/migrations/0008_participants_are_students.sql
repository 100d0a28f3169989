-- Only students take part in events: a registration or a team membership of a staff account is
-- refused. The participant's users row is read FOR KEY SHARE (the lock the foreign key takes
-- anyway), which waits for a role change holding the row FOR UPDATE and then reads the role it
-- committed; a role change waits for this transaction in turn. So a promotion and a registration
-- of one account take turns, and whichever commits first, the other sees it: the role change
-- refuses a student who takes part, this refuses staff.
CREATE FUNCTION participant_is_student() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  participant_role role;
BEGIN
  IF NEW.user_id IS NOT NULL THEN
    SELECT users.role INTO participant_role FROM users WHERE users.id = NEW.user_id FOR KEY SHARE;
    IF FOUND AND participant_role <> 'student' THEN
      RAISE EXCEPTION 'Only students take part in events' USING ERRCODE = 'check_violation', CONSTRAINT = 'participants_are_students';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER registrations_participant_is_student BEFORE INSERT OR UPDATE OF user_id ON registrations
  FOR EACH ROW EXECUTE FUNCTION participant_is_student();--> statement-breakpoint
CREATE TRIGGER team_members_participant_is_student BEFORE INSERT OR UPDATE OF user_id ON team_members
  FOR EACH ROW EXECUTE FUNCTION participant_is_student();
