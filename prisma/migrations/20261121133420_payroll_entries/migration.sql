-- CreateEnum
CREATE TYPE "PayrollTransferOutcome" AS ENUM ('succeeded', 'refused', 'pay_run', 'unknown');

-- CreateTable
CREATE TABLE "payroll_entry_drafts" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payroll_entry_drafts_pkey" PRIMARY KEY ("connection_id","company_id","period","kind")
);

-- CreateTable
CREATE TABLE "payroll_entry_transfers" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "user_name" TEXT NOT NULL,
    "outcome" "PayrollTransferOutcome" NOT NULL,
    "lines" JSONB NOT NULL,
    "line_count" INTEGER NOT NULL,
    "total_cents" TEXT NOT NULL,
    "error_code" TEXT,
    "error_message" TEXT,
    "issues" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payroll_entry_transfers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payroll_entry_transfers_connection_id_company_id_kind_creat_idx" ON "payroll_entry_transfers"("connection_id", "company_id", "kind", "created_at");

-- AddForeignKey
ALTER TABLE "payroll_entry_drafts" ADD CONSTRAINT "payroll_entry_drafts_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_entry_transfers" ADD CONSTRAINT "payroll_entry_transfers_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
