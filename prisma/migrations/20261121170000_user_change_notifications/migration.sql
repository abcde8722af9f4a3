-- Every change to what a signed-in request reads about its person (the session, the user, the
-- accounting connections, the businesses) notifies `ledgerlane_user_changed` with the user's id,
-- so every app process can drop what it remembers of that person (lib/auth/session-cache.ts).
-- The trigger's argument names the column holding the user id.
CREATE OR REPLACE FUNCTION ledgerlane_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  IF TG_OP <> ''INSERT'' THEN
    PERFORM pg_notify(''ledgerlane_user_changed'', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> ''DELETE'' THEN
    PERFORM pg_notify(''ledgerlane_user_changed'', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END';

CREATE TRIGGER users_notify_user_changed AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_user_changed('id');
CREATE TRIGGER sessions_notify_user_changed AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_user_changed('user_id');
CREATE TRIGGER accounting_connections_notify_user_changed AFTER INSERT OR UPDATE OR DELETE ON "accounting_connections"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_user_changed('user_id');
CREATE TRIGGER accounting_businesses_notify_user_changed AFTER INSERT OR UPDATE OR DELETE ON "accounting_businesses"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_user_changed('user_id');
