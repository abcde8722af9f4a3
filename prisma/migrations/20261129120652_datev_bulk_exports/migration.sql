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

-- A bulk export's run names its months' connections in `months` (JSON), not by a foreign key: when a
-- connection goes ("Delete all payroll data", its workspace deleted), every run naming it goes too, with its
-- ZIP (the connection's stored DATEV files go by their foreign key).
CREATE FUNCTION datev_bulk_exports_forget_connection() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM datev_bulk_exports
  WHERE workspace_id = OLD.workspace_id
    AND months @> jsonb_build_array(jsonb_build_object('connectionId', OLD.id::text));
  RETURN OLD;
END;
$$;

CREATE TRIGGER datev_bulk_exports_forget_connection
  AFTER DELETE ON payroll_connections
  FOR EACH ROW EXECUTE FUNCTION datev_bulk_exports_forget_connection();
