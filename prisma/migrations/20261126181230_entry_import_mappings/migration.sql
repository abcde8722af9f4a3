-- CreateTable
CREATE TABLE "payroll_entry_import_mappings" (
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "mapping" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payroll_entry_import_mappings_pkey" PRIMARY KEY ("connection_id","company_id","kind")
);

-- AddForeignKey
ALTER TABLE "payroll_entry_import_mappings" ADD CONSTRAINT "payroll_entry_import_mappings_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
