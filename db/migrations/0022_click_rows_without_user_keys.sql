ALTER TABLE "click_daily" DROP CONSTRAINT "click_daily_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "click_events" DROP CONSTRAINT "click_events_user_id_users_id_fk";
--> statement-breakpoint
-- What the two keys' ON DELETE CASCADE did: a deleted user's click rows go with the user. After the
-- statement, so after the cascades of its row triggers: a click batch that held one of the user's
-- links locked has committed by then, and its rows are deleted too.
CREATE FUNCTION users_forget_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM click_events WHERE user_id IN (SELECT id FROM gone);
  DELETE FROM click_daily WHERE user_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_forget_clicks AFTER DELETE ON users
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION users_forget_clicks();
