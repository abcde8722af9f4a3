-- CreateTable
CREATE TABLE "payroll_company_states" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "period" TEXT,
    "employee_count" INTEGER,
    "employees" JSONB,
    "blockers" INTEGER,
    "warnings" INTEGER,
    "unacknowledged" INTEGER,
    "inputs_at" TIMESTAMP(3),
    "checked_at" TIMESTAMP(3),
    "refreshed_at" TIMESTAMP(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMP(3),

    CONSTRAINT "payroll_company_states_pkey" PRIMARY KEY ("connection_id","company_id")
);

-- CreateTable
CREATE TABLE "payroll_company_assignees" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "assigned_by_id" UUID,

    CONSTRAINT "payroll_company_assignees_pkey" PRIMARY KEY ("connection_id","company_id","user_id")
);

-- CreateTable
CREATE TABLE "payroll_connection_health" (
    "connection_id" UUID NOT NULL,
    "key_accepted" BOOLEAN,
    "last_success_at" TIMESTAMP(3),
    "last_error_at" TIMESTAMP(3),
    "last_error" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payroll_connection_health_pkey" PRIMARY KEY ("connection_id")
);

-- CreateIndex
CREATE INDEX "payroll_company_assignees_user_id_idx" ON "payroll_company_assignees"("user_id");

-- AddForeignKey
ALTER TABLE "payroll_company_states" ADD CONSTRAINT "payroll_company_states_connection_id_company_id_fkey" FOREIGN KEY ("connection_id", "company_id") REFERENCES "payroll_companies"("connection_id", "company_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_company_assignees" ADD CONSTRAINT "payroll_company_assignees_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_company_assignees" ADD CONSTRAINT "payroll_company_assignees_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_connection_health" ADD CONSTRAINT "payroll_connection_health_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
