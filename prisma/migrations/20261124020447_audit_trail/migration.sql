-- CreateTable
CREATE TABLE "audit_entries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "actor_id" UUID,
    "actor_name" TEXT,
    "occurred_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "company_id" INTEGER,
    "period" TEXT,
    "subject_id" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_entries_workspace_id_occurred_at_id_idx" ON "audit_entries"("workspace_id", "occurred_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_entries_subject_id_idx" ON "audit_entries"("subject_id");

-- AddForeignKey
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The trail is append-only, whatever the app (or anyone with its database role) does: a row once
-- written is never changed or removed. This also keeps a workspace with entries from being deleted
-- (its foreign key restricts, and a cascade would run into this trigger's DELETE refusal).
CREATE OR REPLACE FUNCTION ledgerlane_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Record a new entry instead.';
END
$$;

CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_audit_append_only();
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerlane_audit_append_only();
