-- AlterTable
ALTER TABLE "month_closes" ADD COLUMN     "transfer_target" TEXT;

-- AlterTable
ALTER TABLE "payroll_entry_transfers" ADD COLUMN     "target" TEXT NOT NULL DEFAULT 'payroll_service';

-- CreateTable
CREATE TABLE "datev_company_settings" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "consultant_number" INTEGER,
    "client_number" INTEGER,
    "program" TEXT NOT NULL DEFAULT 'lodas',
    "target" TEXT NOT NULL DEFAULT 'payroll_service',
    "wage_types" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "datev_company_settings_pkey" PRIMARY KEY ("connection_id","company_id")
);

-- CreateTable
CREATE TABLE "datev_employee_settings" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "personnel_number" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "datev_employee_settings_pkey" PRIMARY KEY ("connection_id","company_id","employee_id")
);

-- CreateTable
CREATE TABLE "datev_workspace_defaults" (
    "workspace_id" UUID NOT NULL,
    "wage_types" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "datev_workspace_defaults_pkey" PRIMARY KEY ("workspace_id")
);

-- CreateTable
CREATE TABLE "datev_exports" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "program" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,
    "correction" BOOLEAN NOT NULL DEFAULT false,
    "line_count" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "user_name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "datev_exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "datev_exports_connection_id_company_id_period_created_at_idx" ON "datev_exports"("connection_id", "company_id", "period", "created_at");

-- AddForeignKey
ALTER TABLE "datev_company_settings" ADD CONSTRAINT "datev_company_settings_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datev_employee_settings" ADD CONSTRAINT "datev_employee_settings_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datev_workspace_defaults" ADD CONSTRAINT "datev_workspace_defaults_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datev_exports" ADD CONSTRAINT "datev_exports_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
