-- AlterTable
ALTER TABLE "workspace_invitations" ADD COLUMN     "invitee_email" TEXT,
ADD COLUMN     "invitee_name" TEXT;
