-- AlterTable
ALTER TABLE "accounting_businesses" ADD COLUMN     "currency" TEXT;
