-- AlterTable
ALTER TABLE "payroll_imports" ADD COLUMN     "started_at" TIMESTAMP(3);
