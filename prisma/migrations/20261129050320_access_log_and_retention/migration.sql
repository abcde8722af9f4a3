-- CreateTable
CREATE TABLE "access_log_entries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "actor_id" UUID NOT NULL,
    "occurred_at" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "company_id" INTEGER,
    "period" TEXT,
    "employee_ids" INTEGER[],

    CONSTRAINT "access_log_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "retention_settings" (
    "workspace_id" UUID NOT NULL,
    "record_class" TEXT NOT NULL,
    "years" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "updated_by" UUID,

    CONSTRAINT "retention_settings_pkey" PRIMARY KEY ("workspace_id","record_class")
);

-- CreateTable
CREATE TABLE "company_social_insurance_audits" (
    "workspace_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "last_audit_on" DATE NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "updated_by" UUID,

    CONSTRAINT "company_social_insurance_audits_pkey" PRIMARY KEY ("workspace_id","company_id")
);

-- CreateIndex
CREATE INDEX "access_log_entries_workspace_id_occurred_at_id_idx" ON "access_log_entries"("workspace_id", "occurred_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "access_log_entries" ADD CONSTRAINT "access_log_entries_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The access log is append-only like the audit trail (its own function, naming the table refused):
-- a row once written is never changed or removed, whatever the app's role or a bug does. Kept as
-- long as the trail (docs/adr/0266-access-log.md); no erasure touches it (employees by id only).
CREATE OR REPLACE FUNCTION ledgerlane_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Record a new row instead.';
END
$$;

CREATE TRIGGER access_log_entries_append_only BEFORE UPDATE OR DELETE ON "access_log_entries"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_append_only();
CREATE TRIGGER access_log_entries_no_truncate BEFORE TRUNCATE ON "access_log_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerlane_append_only();
