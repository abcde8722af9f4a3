-- CreateTable
CREATE TABLE "payroll_company_settings" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "federal_state" TEXT,
    "monthly_hours_limit" DECIMAL(5,2) NOT NULL DEFAULT 208,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payroll_company_settings_pkey" PRIMARY KEY ("connection_id","company_id")
);

-- CreateTable
CREATE TABLE "payroll_employee_settings" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "pay_cap" TEXT,
    "monthly_hours_limit" DECIMAL(5,2),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payroll_employee_settings_pkey" PRIMARY KEY ("connection_id","company_id","employee_id")
);

-- AddForeignKey
ALTER TABLE "payroll_company_settings" ADD CONSTRAINT "payroll_company_settings_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_employee_settings" ADD CONSTRAINT "payroll_employee_settings_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
