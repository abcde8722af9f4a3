-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "method" TEXT NOT NULL DEFAULT 'accounting',
ADD COLUMN     "user_agent" TEXT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_verified_at" TIMESTAMP(3),
ADD COLUMN     "verified_email" TEXT,
ALTER COLUMN "accounting_user_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "email_sign_in_links" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "browser_hash" TEXT NOT NULL,
    "callback_url" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "email_sign_in_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_sign_in_links_token_hash_key" ON "email_sign_in_links"("token_hash");

-- CreateIndex
CREATE INDEX "email_sign_in_links_email_created_at_idx" ON "email_sign_in_links"("email", "created_at");

-- CreateIndex
CREATE INDEX "email_sign_in_links_expires_at_idx" ON "email_sign_in_links"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "users_verified_email_key" ON "users"("verified_email");
