-- What kind of proof set `sessions.confirmed_at`: the sign-in's method (`accounting`, `email`,
-- `passkey`) or a later confirmation (`passkey`, `email_code`). A workspace requiring passkeys
-- counts only a passkey's (lib/auth/server/recent-confirmation.ts).
ALTER TABLE "sessions" ADD COLUMN "confirmed_method" TEXT NOT NULL DEFAULT 'accounting';
UPDATE "sessions" SET "confirmed_method" = "method";

-- The session now reads whether the person has a passkey and whether a workspace of theirs requires
-- one (the passkey gate, with the session): a change of either drops what processes remember of them.
CREATE TRIGGER passkeys_notify_user_changed AFTER INSERT OR DELETE ON "passkeys"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_user_changed('user_id');

CREATE OR REPLACE FUNCTION ledgerlane_notify_workspace_members_changed() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  PERFORM pg_notify(''ledgerlane_user_changed'', m.user_id::text) FROM workspace_members m WHERE m.workspace_id = NEW.id;
  RETURN NULL;
END';

CREATE TRIGGER workspaces_notify_members_changed AFTER UPDATE OF "require_passkey", "name" ON "workspaces"
  FOR EACH ROW WHEN (OLD."require_passkey" IS DISTINCT FROM NEW."require_passkey" OR OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION ledgerlane_notify_workspace_members_changed();
