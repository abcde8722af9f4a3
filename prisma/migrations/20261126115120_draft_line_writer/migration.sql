-- AlterTable
ALTER TABLE "payroll_entry_draft_lines" ADD COLUMN     "written_by" UUID;
