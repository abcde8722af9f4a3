-- CreateTable
CREATE TABLE "accounting_business_settings" (
    "business_id" TEXT NOT NULL,
    "financial_year_start_month" SMALLINT NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "updated_by" UUID,

    CONSTRAINT "accounting_business_settings_pkey" PRIMARY KEY ("business_id"),
    CONSTRAINT "accounting_business_settings_month_check" CHECK ("financial_year_start_month" BETWEEN 1 AND 12)
);

-- CreateTable
CREATE TABLE "ledger_account_caches" (
    "business_id" TEXT NOT NULL,
    "accounts" JSONB NOT NULL,
    "fetched_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ledger_account_caches_pkey" PRIMARY KEY ("business_id")
);
