import "server-only";
import { personName, recordAudit } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { heldBy, refusal } from "./access";
import type { ClientCompany, NamedClientCompany } from "../schemas";

type Tx = Prisma.TransactionClient;

/**
 * The companies a client member reaches (workspace_member_companies) and an invitation grants
 * (workspace_invitation_companies): each is a company of one of the workspace's own payroll
 * connections, checked in the query that writes it. See features/workspaces/permissions.ts for what a
 * client may do with them (features/payroll/server/access.ts reads the rows).
 */

type NamedCompany = NamedClientCompany;

/** Which of these companies the workspace's connected payroll connections hold (as cached from the service). */
async function companiesOfWorkspace(
  db: Tx,
  workspaceId: string,
  companies: readonly ClientCompany[],
): Promise<NamedCompany[]> {
  if (companies.length === 0) return [];
  const rows = await db.payrollCompany.findMany({
    where: {
      connection: { workspaceId, disconnectedAt: null },
      OR: companies.map(({ connectionId, companyId }) => ({ connectionId, companyId })),
    },
    select: { connectionId: true, companyId: true, name1: true },
  });
  return rows.map((row) => ({ connectionId: row.connectionId, companyId: row.companyId, name: row.name1 }));
}

/**
 * The companies as the workspace holds them, in the order asked; any other (another workspace's,
 * one never synced, a disconnected customer's) is refused 422 on the `companies` field.
 */
export async function requireWorkspaceCompanies(
  db: Tx,
  workspaceId: string,
  companies: readonly ClientCompany[],
): Promise<NamedCompany[]> {
  const found = await companiesOfWorkspace(db, workspaceId, companies);
  const byKey = new Map(found.map((company) => [`${company.connectionId}/${company.companyId}`, company]));
  const named = companies.map((company) => byKey.get(`${company.connectionId}/${company.companyId}`));
  if (named.some((company) => !company)) {
    throw new ApiError("invalid", "Every company must be one of this workspace's payroll companies.", {
      fields: { companies: "notInWorkspace" },
    });
  }
  return named as NamedCompany[];
}

/** What an owner may choose for a client: the companies of the workspace's connected payroll connections, by name. */
export async function companyChoices(actorId: string, workspaceId: string): Promise<NamedCompany[]> {
  const rows = await getDb().payrollCompany.findMany({
    where: { connection: { workspaceId, disconnectedAt: null, workspace: heldBy(actorId, ["owner"]) } },
    select: { connectionId: true, companyId: true, name1: true },
    orderBy: [{ name1: "asc" }, { companyId: "asc" }],
  });
  return rows.map((row) => ({ connectionId: row.connectionId, companyId: row.companyId, name: row.name1 }));
}

/** The names of stored company rows (a company no longer cached keeps its number). */
export async function namesOf(db: Tx, rows: readonly ClientCompany[]): Promise<NamedCompany[]> {
  if (rows.length === 0) return [];
  const cached = await db.payrollCompany.findMany({
    where: { OR: rows.map(({ connectionId, companyId }) => ({ connectionId, companyId })) },
    select: { connectionId: true, companyId: true, name1: true },
  });
  const names = new Map(cached.map((row) => [`${row.connectionId}/${row.companyId}`, row.name1]));
  return rows.map((row) => ({
    connectionId: row.connectionId,
    companyId: row.companyId,
    name: names.get(`${row.connectionId}/${row.companyId}`) ?? `#${row.companyId}`,
  }));
}

/** Joining by a client's invitation: its companies (still the workspace's) become the member's. */
export async function grantInvitationCompanies(
  tx: Tx,
  invitationId: string,
  workspaceId: string,
  userId: string,
): Promise<void> {
  const granted = await tx.workspaceInvitationCompany.findMany({
    where: { invitationId, connection: { workspaceId } },
    select: { connectionId: true, companyId: true },
  });
  await tx.workspaceMemberCompany.createMany({
    data: granted.map((company) => ({ workspaceId, userId, ...company })),
    skipDuplicates: true,
  });
}

/**
 * An owner sets the companies of a client member (all of them at once; at least one). Only a
 * client's: a member of the firm reaches every company anyway (422 on `companies`). Audited as
 * `member.companies_changed` with what was before and after; the same set again records nothing.
 */
export async function changeMemberCompanies(
  actorId: string,
  workspaceId: string,
  memberId: string,
  companies: readonly ClientCompany[],
): Promise<void> {
  await getDb().$transaction(async (tx) => {
    const owner = await tx.workspace.findFirst({
      where: { id: workspaceId, ...heldBy(actorId, ["owner"]) },
      select: { id: true },
    });
    if (!owner) throw await refusal(actorId, workspaceId);
    const member = await tx.workspaceMember.findUnique({
      where: { workspaceId_userId: { workspaceId, userId: memberId } },
      select: { roles: true, user: { select: { displayName: true, email: true } } },
    });
    if (!member) throw new ApiError("not_found", "That person is not a member of this workspace.");
    if (!member.roles.includes("client")) {
      throw new ApiError("invalid", "Only a client has a list of companies: the firm's members reach every company.", {
        fields: { companies: "notClient" },
      });
    }
    const to = await requireWorkspaceCompanies(tx, workspaceId, companies);
    const before = await tx.workspaceMemberCompany.findMany({
      where: { workspaceId, userId: memberId },
      select: { connectionId: true, companyId: true },
      orderBy: [{ connectionId: "asc" }, { companyId: "asc" }],
    });
    const key = (company: ClientCompany) => `${company.connectionId}/${company.companyId}`;
    const same =
      before.length === to.length && before.every((company) => to.some((next) => key(next) === key(company)));
    if (same) return;
    await tx.workspaceMemberCompany.deleteMany({ where: { workspaceId, userId: memberId } });
    await tx.workspaceMemberCompany.createMany({
      data: to.map(({ connectionId, companyId }) => ({ workspaceId, userId: memberId, connectionId, companyId })),
    });
    const actor = await tx.user.findUnique({ where: { id: actorId }, select: { displayName: true, email: true } });
    await recordAudit(
      tx,
      { workspaceId, userId: actorId, name: personName(actor) },
      {
        kind: "member.companies_changed",
        subjectId: memberId,
        details: {
          memberId,
          memberName: null,
          from: await namesOf(tx, before),
          to,
        },
      },
    );
  });
}
