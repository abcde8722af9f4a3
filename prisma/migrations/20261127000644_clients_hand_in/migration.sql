-- AlterEnum
ALTER TYPE "MonthCloseState" ADD VALUE 'handed_in';

-- AlterEnum
ALTER TYPE "WorkspaceRole" ADD VALUE 'client';

-- AlterTable
ALTER TABLE "month_closes" ADD COLUMN     "handed_in_at" TIMESTAMP(3),
ADD COLUMN     "handed_in_by_id" UUID,
ADD COLUMN     "handed_in_by_name" TEXT,
ADD COLUMN     "sent_back_at" TIMESTAMP(3),
ADD COLUMN     "sent_back_by_name" TEXT,
ADD COLUMN     "sent_back_reason" TEXT;

-- CreateTable
CREATE TABLE "workspace_member_companies" (
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,

    CONSTRAINT "workspace_member_companies_pkey" PRIMARY KEY ("workspace_id","user_id","connection_id","company_id")
);

-- CreateTable
CREATE TABLE "workspace_invitation_companies" (
    "invitation_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,

    CONSTRAINT "workspace_invitation_companies_pkey" PRIMARY KEY ("invitation_id","connection_id","company_id")
);

-- CreateIndex
CREATE INDEX "workspace_member_companies_connection_id_company_id_idx" ON "workspace_member_companies"("connection_id", "company_id");

-- AddForeignKey
ALTER TABLE "workspace_member_companies" ADD CONSTRAINT "workspace_member_companies_workspace_id_user_id_fkey" FOREIGN KEY ("workspace_id", "user_id") REFERENCES "workspace_members"("workspace_id", "user_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_member_companies" ADD CONSTRAINT "workspace_member_companies_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_invitation_companies" ADD CONSTRAINT "workspace_invitation_companies_invitation_id_fkey" FOREIGN KEY ("invitation_id") REFERENCES "workspace_invitations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_invitation_companies" ADD CONSTRAINT "workspace_invitation_companies_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "payroll_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
