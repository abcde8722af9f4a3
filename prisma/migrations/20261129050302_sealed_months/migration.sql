-- AlterTable
ALTER TABLE "month_close_rereads" ADD COLUMN     "sealed_month_id" UUID;

-- AlterTable
ALTER TABLE "payroll_entry_transfers" ADD COLUMN     "sealed_month_id" UUID;

-- CreateTable
CREATE TABLE "sealed_months" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "hash" TEXT NOT NULL,
    "sealed_by_id" UUID,
    "sealed_at" TIMESTAMP(3) NOT NULL,
    "sealed_at_migration" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "sealed_months_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sealed_month_texts" (
    "sealed_month_id" UUID NOT NULL,
    "ref" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "salt" TEXT NOT NULL,

    CONSTRAINT "sealed_month_texts_pkey" PRIMARY KEY ("sealed_month_id","ref")
);

-- CreateIndex
CREATE INDEX "sealed_months_workspace_id_company_id_idx" ON "sealed_months"("workspace_id", "company_id");

-- CreateIndex
CREATE UNIQUE INDEX "sealed_months_connection_id_company_id_period_version_key" ON "sealed_months"("connection_id", "company_id", "period", "version");

-- AddForeignKey
ALTER TABLE "payroll_entry_transfers" ADD CONSTRAINT "payroll_entry_transfers_sealed_month_id_fkey" FOREIGN KEY ("sealed_month_id") REFERENCES "sealed_months"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "month_close_rereads" ADD CONSTRAINT "month_close_rereads_sealed_month_id_fkey" FOREIGN KEY ("sealed_month_id") REFERENCES "sealed_months"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sealed_month_texts" ADD CONSTRAINT "sealed_month_texts_sealed_month_id_fkey" FOREIGN KEY ("sealed_month_id") REFERENCES "sealed_months"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A sealed version is never changed or removed, whatever the app (or anyone with its role) does:
-- a reopened month gets a new version beside it (features/month-close/sealing, docs/adr/0260).
-- Its texts (sealed_month_texts) are outside this protection on purpose: an erasure may delete them;
-- the snapshot keeps their salted digests.
CREATE OR REPLACE FUNCTION ledgerlane_sealed_months_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sealed_months is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Seal a new version instead.';
END
$$;

CREATE TRIGGER sealed_months_append_only BEFORE UPDATE OR DELETE ON "sealed_months"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_sealed_months_append_only();
CREATE TRIGGER sealed_months_no_truncate BEFORE TRUNCATE ON "sealed_months"
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerlane_sealed_months_append_only();
