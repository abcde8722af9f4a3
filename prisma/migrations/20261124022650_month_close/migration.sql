-- CreateEnum
CREATE TYPE "MonthCloseState" AS ENUM ('open', 'in_review', 'approved', 'transferred', 'transfer_unclear', 'waiting_for_pay_run');

-- AlterTable
ALTER TABLE "workspaces" ALTER COLUMN "four_eyes" DROP NOT NULL,
ALTER COLUMN "four_eyes" DROP DEFAULT;
-- Nobody could choose it before (the column was unused): every workspace starts with the default.
UPDATE "workspaces" SET "four_eyes" = NULL;

-- CreateTable
CREATE TABLE "month_closes" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "state" "MonthCloseState" NOT NULL DEFAULT 'open',
    "round" INTEGER NOT NULL DEFAULT 1,
    "submitted_by_id" UUID,
    "submitted_by_name" TEXT,
    "submitted_at" TIMESTAMP(3),
    "approved_by_id" UUID,
    "approved_by_name" TEXT,
    "approved_at" TIMESTAMP(3),
    "reopen_reason" TEXT,
    "reopened_by_name" TEXT,
    "reopened_at" TIMESTAMP(3),
    "transferred_at" TIMESTAMP(3),
    "transfer_started_at" TIMESTAMP(3),
    "hours_transfer_id" UUID,
    "payments_transfer_id" UUID,
    "last_transfer_message" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "month_closes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "month_close_acknowledgements" (
    "id" UUID NOT NULL,
    "month_close_id" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "warning_id" TEXT NOT NULL,
    "comment" TEXT NOT NULL,
    "user_id" UUID,
    "user_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "month_close_acknowledgements_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "month_closes_connection_id_company_id_period_key" ON "month_closes"("connection_id", "company_id", "period");

-- CreateIndex
CREATE UNIQUE INDEX "month_close_acknowledgements_month_close_id_round_warning_i_key" ON "month_close_acknowledgements"("month_close_id", "round", "warning_id");

-- AddForeignKey
ALTER TABLE "month_closes" ADD CONSTRAINT "month_closes_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "month_close_acknowledgements" ADD CONSTRAINT "month_close_acknowledgements_month_close_id_fkey" FOREIGN KEY ("month_close_id") REFERENCES "month_closes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
