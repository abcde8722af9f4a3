-- AlterTable
ALTER TABLE "payroll_entry_draft_lines" ADD COLUMN     "deleted" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "payroll_entry_draft_lines_revision_idx" ON "payroll_entry_draft_lines"("connection_id", "company_id", "period", "kind", "revision");
