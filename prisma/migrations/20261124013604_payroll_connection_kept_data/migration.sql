-- AlterTable
ALTER TABLE "payroll_connections" ADD COLUMN     "disconnected_at" TIMESTAMP(3),
ALTER COLUMN "api_key_encrypted" DROP NOT NULL;
