-- CreateTable
CREATE TABLE "datev_bulk_exports" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "user_name" TEXT NOT NULL,
    "request_key" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "months" JSONB NOT NULL,
    "results" JSONB NOT NULL DEFAULT '[]',
    "zip" BYTEA,
    "zip_sha256" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "datev_bulk_exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "datev_bulk_exports_workspace_id_user_id_created_at_idx" ON "datev_bulk_exports"("workspace_id", "user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "datev_bulk_exports_workspace_id_request_key_key" ON "datev_bulk_exports"("workspace_id", "request_key");

-- AddForeignKey
ALTER TABLE "datev_bulk_exports" ADD CONSTRAINT "datev_bulk_exports_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
