-- CreateEnum
CREATE TYPE "WorkspaceRole" AS ENUM ('owner', 'clerk', 'approver', 'viewer');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "active_workspace_id" UUID;

-- CreateTable
CREATE TABLE "workspaces" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "personal_user_id" UUID,
    "four_eyes" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspaces_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workspace_members" (
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "roles" "WorkspaceRole"[],
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspace_members_pkey" PRIMARY KEY ("workspace_id","user_id")
);

-- CreateTable
CREATE TABLE "workspace_invitations" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "roles" "WorkspaceRole"[],
    "created_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "used_at" TIMESTAMP(3),
    "used_by_id" UUID,

    CONSTRAINT "workspace_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "workspaces_personal_user_id_key" ON "workspaces"("personal_user_id");

-- CreateIndex
CREATE INDEX "workspace_members_user_id_idx" ON "workspace_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "workspace_invitations_token_hash_key" ON "workspace_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "workspace_invitations_workspace_id_created_at_idx" ON "workspace_invitations"("workspace_id", "created_at");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_active_workspace_id_fkey" FOREIGN KEY ("active_workspace_id") REFERENCES "workspaces"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_user_id_fkey" FOREIGN KEY ("personal_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_used_by_id_fkey" FOREIGN KEY ("used_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A membership holds at least one role.
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_roles_not_empty" CHECK (cardinality("roles") > 0);
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_roles_not_empty" CHECK (cardinality("roles") > 0);

-- Every person known today gets their personal workspace, as its owner (new people get theirs at
-- first sign-in, lib/workspaces/personal.ts).
INSERT INTO "workspaces" ("id", "name", "personal_user_id")
  SELECT gen_random_uuid(), COALESCE(NULLIF(u."display_name", ''), NULLIF(u."email", ''), 'Personal workspace'), u."id" FROM "users" u;
INSERT INTO "workspace_members" ("workspace_id", "user_id", "roles")
  SELECT w."id", w."personal_user_id", ARRAY['owner']::"WorkspaceRole"[] FROM "workspaces" w WHERE w."personal_user_id" IS NOT NULL;

-- A change of someone's memberships or roles drops what every app process remembers of them
-- (lib/auth/session-cache.ts): a removed member loses access on their next request.
CREATE TRIGGER workspace_members_notify_user_changed AFTER INSERT OR UPDATE OR DELETE ON "workspace_members"
  FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_user_changed('user_id');
