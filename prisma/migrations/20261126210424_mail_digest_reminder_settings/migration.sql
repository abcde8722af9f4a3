-- CreateTable
CREATE TABLE "mail_digest_items" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "link" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "digest_key" TEXT,

    CONSTRAINT "mail_digest_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reminder_settings" (
    "workspace_id" UUID NOT NULL,
    "days" INTEGER[],
    "updated_at" TIMESTAMP(3) NOT NULL,
    "updated_by" UUID,

    CONSTRAINT "reminder_settings_pkey" PRIMARY KEY ("workspace_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mail_digest_items_dedupe_key_key" ON "mail_digest_items"("dedupe_key");

-- CreateIndex
CREATE INDEX "mail_digest_items_digest_key_user_id_idx" ON "mail_digest_items"("digest_key", "user_id");
