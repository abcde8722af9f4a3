-- AlterTable
ALTER TABLE "month_closes" ADD COLUMN     "four_eyes_at_submission" BOOLEAN,
ADD COLUMN     "transfer_difference" JSONB,
ADD COLUMN     "transfer_heartbeat_at" TIMESTAMP(3),
ADD COLUMN     "transfer_lease_id" UUID,
ADD COLUMN     "transfer_started_by_name" TEXT;

-- CreateTable
CREATE TABLE "month_close_rereads" (
    "id" UUID NOT NULL,
    "month_close_id" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "after_minutes" INTEGER NOT NULL,
    "due_at" TIMESTAMP(3) NOT NULL,
    "sent" JSONB NOT NULL,
    "hours_transfer_id" UUID,
    "payments_transfer_id" UUID,
    "user_id" UUID NOT NULL,
    "user_name" TEXT NOT NULL,
    "done_at" TIMESTAMP(3),
    "result" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "month_close_rereads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "month_close_rereads_done_at_due_at_idx" ON "month_close_rereads"("done_at", "due_at");

-- CreateIndex
CREATE INDEX "month_close_rereads_month_close_id_idx" ON "month_close_rereads"("month_close_id");

-- AddForeignKey
ALTER TABLE "month_close_rereads" ADD CONSTRAINT "month_close_rereads_month_close_id_fkey" FOREIGN KEY ("month_close_id") REFERENCES "month_closes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
