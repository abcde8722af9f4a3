-- CreateTable
CREATE TABLE "audit_chain_links" (
    "entry_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "format" INTEGER NOT NULL DEFAULT 1,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "chained_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_chain_links_pkey" PRIMARY KEY ("entry_id")
);

-- CreateTable
CREATE TABLE "audit_chain_pending" (
    "entry_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,

    CONSTRAINT "audit_chain_pending_pkey" PRIMARY KEY ("entry_id")
);

-- CreateTable
CREATE TABLE "audit_checkpoints" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "count" BIGINT NOT NULL,
    "head_hash" TEXT NOT NULL,
    "signed_at" TIMESTAMP(3) NOT NULL,
    "key_fingerprint" TEXT NOT NULL,
    "statement" TEXT NOT NULL,
    "signature" TEXT NOT NULL,

    CONSTRAINT "audit_checkpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "audit_chain_links_workspace_id_seq_key" ON "audit_chain_links"("workspace_id", "seq");

-- CreateIndex
CREATE INDEX "audit_chain_pending_workspace_id_idx" ON "audit_chain_pending"("workspace_id");

-- CreateIndex
CREATE INDEX "audit_checkpoints_workspace_id_count_idx" ON "audit_checkpoints"("workspace_id", "count");

-- The chain's own rows are as append-only as the entries (the same refusing function), and so are
-- the signed checkpoints.
CREATE TRIGGER audit_chain_links_append_only BEFORE UPDATE OR DELETE ON "audit_chain_links"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_audit_append_only();
CREATE TRIGGER audit_chain_links_no_truncate BEFORE TRUNCATE ON "audit_chain_links"
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerlane_audit_append_only();
CREATE TRIGGER audit_checkpoints_append_only BEFORE UPDATE OR DELETE ON "audit_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_audit_append_only();
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON "audit_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerlane_audit_append_only();

-- Every new entry, whichever writer's SQL made it, waits for the chainer in audit_chain_pending
-- (docs/adr/0263-audit-hash-chain.md). An entry rolled back takes its pending row with it. SECURITY
-- DEFINER: the app's role only reads and deletes pending rows, it need not insert them itself.
CREATE OR REPLACE FUNCTION ledgerlane_audit_chain_enqueue() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO audit_chain_pending (entry_id, workspace_id) VALUES (NEW.id, NEW.workspace_id);
  RETURN NULL;
END
$$;
CREATE TRIGGER audit_entries_chain_enqueue AFTER INSERT ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_audit_chain_enqueue();

-- Every entry written before the chain waits for it too: the chainer (run by the migration
-- runner right after this migration, scripts/db/migrate.ts, and by the worker) links them in
-- `occurred_at, id` order. No audit row is changed here or by any later migration
-- (lib/audit/chain/migrations.test.ts).
INSERT INTO audit_chain_pending (entry_id, workspace_id) SELECT id, workspace_id FROM audit_entries;
