-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "first_run_completed_at" TIMESTAMP(3);
