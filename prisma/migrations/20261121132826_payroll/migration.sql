-- CreateEnum
CREATE TYPE "PayrollImportStatus" AS ENUM ('running', 'paused', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "PayrollImportRowState" AS ENUM ('pending', 'sending', 'created', 'in_use', 'refused', 'failed', 'skipped');

-- CreateTable
CREATE TABLE "payroll_companies" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name1" TEXT NOT NULL,
    "name2" TEXT NOT NULL,
    "address" JSONB NOT NULL,
    "current_month" TEXT NOT NULL,
    "synced_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payroll_companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payroll_health_insurances" (
    "source" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "available_from" DATE,
    "available_to" DATE,
    "replacement" TEXT,

    CONSTRAINT "payroll_health_insurances_pkey" PRIMARY KEY ("source","number")
);

-- CreateTable
CREATE TABLE "payroll_countries" (
    "source" TEXT NOT NULL,
    "country_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nationality" TEXT NOT NULL,

    CONSTRAINT "payroll_countries_pkey" PRIMARY KEY ("source","country_id")
);

-- CreateTable
CREATE TABLE "payroll_reference_syncs" (
    "source" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "fetched_at" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "payroll_reference_syncs_pkey" PRIMARY KEY ("source","kind")
);

-- CreateTable
CREATE TABLE "payroll_employee_drafts" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payroll_employee_drafts_pkey" PRIMARY KEY ("connection_id","company_id")
);

-- CreateTable
CREATE TABLE "payroll_imports" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "status" "PayrollImportStatus" NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL,
    "lease_until" TIMESTAMP(3),
    "lease_owner" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "payroll_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payroll_import_rows" (
    "import_id" UUID NOT NULL,
    "row_number" INTEGER NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "state" "PayrollImportRowState" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT,
    "issues" JSONB,

    CONSTRAINT "payroll_import_rows_pkey" PRIMARY KEY ("import_id","row_number")
);

-- CreateIndex
CREATE UNIQUE INDEX "payroll_companies_connection_id_company_id_key" ON "payroll_companies"("connection_id", "company_id");

-- CreateIndex
CREATE INDEX "payroll_imports_status_lease_until_idx" ON "payroll_imports"("status", "lease_until");

-- CreateIndex
CREATE INDEX "payroll_imports_connection_id_created_at_idx" ON "payroll_imports"("connection_id", "created_at");

-- CreateIndex
CREATE INDEX "payroll_import_rows_import_id_state_idx" ON "payroll_import_rows"("import_id", "state");

-- AddForeignKey
ALTER TABLE "payroll_companies" ADD CONSTRAINT "payroll_companies_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_employee_drafts" ADD CONSTRAINT "payroll_employee_drafts_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_imports" ADD CONSTRAINT "payroll_imports_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_import_rows" ADD CONSTRAINT "payroll_import_rows_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "payroll_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
