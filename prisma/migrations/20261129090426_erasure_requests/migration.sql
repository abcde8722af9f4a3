-- CreateTable
CREATE TABLE "erasure_requests" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "employee_id" INTEGER NOT NULL,
    "requested_by_id" UUID,
    "requested_at" TIMESTAMP(3) NOT NULL,
    "erase_after" DATE,
    "state" TEXT NOT NULL DEFAULT 'restricted',
    "erased_at" TIMESTAMP(3),
    "erased" JSONB,

    CONSTRAINT "erasure_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "erasure_requests_state_erase_after_idx" ON "erasure_requests"("state", "erase_after");

-- CreateIndex
CREATE INDEX "erasure_requests_workspace_id_idx" ON "erasure_requests"("workspace_id");

-- CreateIndex
CREATE UNIQUE INDEX "erasure_requests_connection_id_company_id_employee_id_key" ON "erasure_requests"("connection_id", "company_id", "employee_id");
