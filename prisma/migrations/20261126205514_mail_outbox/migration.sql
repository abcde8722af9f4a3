-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" BIGSERIAL NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "user_id" UUID,
    "locale" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "failed_at" TIMESTAMP(3),
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mail_outbox_idempotency_key_key" ON "mail_outbox"("idempotency_key");

-- CreateIndex
CREATE INDEX "mail_outbox_sent_at_next_attempt_at_idx" ON "mail_outbox"("sent_at", "next_attempt_at");
