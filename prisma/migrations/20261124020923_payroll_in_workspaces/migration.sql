-- Payroll connections belong to a workspace (a firm may have several) instead of one per person.
-- Nothing is lost: each connection moves, with its companies, drafts, imports and transfers (which
-- hang off the connection), into its owner's personal workspace; who connected it stays as
-- created_by_id (the former user_id).

-- DropForeignKey
ALTER TABLE "payroll_connections" DROP CONSTRAINT "payroll_connections_user_id_fkey";

-- DropIndex: no longer one per person.
DROP INDEX "payroll_connections_user_id_key";

-- The former owner is kept as who connected it.
ALTER TABLE "payroll_connections" RENAME COLUMN "user_id" TO "created_by_id";
ALTER TABLE "payroll_connections" ALTER COLUMN "created_by_id" DROP NOT NULL;
ALTER TABLE "payroll_connections" ADD COLUMN "workspace_id" UUID;

-- Someone whose personal workspace is gone (they left it) gets a new one, as its owner, before the move.
INSERT INTO "workspaces" ("id", "name", "personal_user_id")
  SELECT gen_random_uuid(), COALESCE(NULLIF(u."display_name", ''), NULLIF(u."email", ''), 'Personal workspace'), u."id"
  FROM "users" u
  WHERE EXISTS (SELECT 1 FROM "payroll_connections" c WHERE c."created_by_id" = u."id")
    AND NOT EXISTS (SELECT 1 FROM "workspaces" w WHERE w."personal_user_id" = u."id");
INSERT INTO "workspace_members" ("workspace_id", "user_id", "roles")
  SELECT w."id", w."personal_user_id", ARRAY['owner']::"WorkspaceRole"[] FROM "workspaces" w
  WHERE w."personal_user_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "workspace_members" m WHERE m."workspace_id" = w."id" AND m."user_id" = w."personal_user_id");

UPDATE "payroll_connections" c SET "workspace_id" = w."id"
  FROM "workspaces" w WHERE w."personal_user_id" = c."created_by_id";

ALTER TABLE "payroll_connections" ALTER COLUMN "workspace_id" SET NOT NULL;

-- AlterTable
ALTER TABLE "workspace_members" ADD COLUMN     "payroll_connection_id" UUID;

-- CreateIndex: the same customer reconnecting in a workspace gets its row back.
CREATE UNIQUE INDEX "payroll_connections_workspace_id_base_url_username_key" ON "payroll_connections"("workspace_id", "base_url", "username");

-- AddForeignKey
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_payroll_connection_id_fkey" FOREIGN KEY ("payroll_connection_id") REFERENCES "payroll_connections"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_connections" ADD CONSTRAINT "payroll_connections_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payroll_connections" ADD CONSTRAINT "payroll_connections_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
