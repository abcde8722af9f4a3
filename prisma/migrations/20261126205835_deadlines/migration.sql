-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "cut_off_rule" JSONB;

-- CreateTable
CREATE TABLE "payroll_company_deadline_settings" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "land" TEXT,
    "cut_off_rule" JSONB,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payroll_company_deadline_settings_pkey" PRIMARY KEY ("connection_id","company_id")
);

-- CreateTable
CREATE TABLE "calendar_feeds" (
    "user_id" UUID NOT NULL,
    "nonce" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds"("token_hash");

-- AddForeignKey
ALTER TABLE "payroll_company_deadline_settings" ADD CONSTRAINT "payroll_company_deadline_settings_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
