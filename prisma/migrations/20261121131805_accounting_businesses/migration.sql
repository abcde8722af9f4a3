-- AlterTable
ALTER TABLE "accounting_connections" ADD COLUMN     "status_reason" TEXT;

-- CreateTable
CREATE TABLE "accounting_businesses" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_owner" BOOLEAN NOT NULL,
    "is_lead" BOOLEAN NOT NULL,
    "tier" TEXT,
    "tier_name" TEXT,
    "country" TEXT,
    "synced_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounting_businesses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "accounting_businesses_user_id_business_id_key" ON "accounting_businesses"("user_id", "business_id");

-- CreateIndex
CREATE INDEX "accounting_connections_status_last_renewed_at_idx" ON "accounting_connections"("status", "last_renewed_at");

-- AddForeignKey
ALTER TABLE "accounting_businesses" ADD CONSTRAINT "accounting_businesses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
