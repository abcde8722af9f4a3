import "server-only";
import type { AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { grants, refusal } from "@/features/workspaces/server/access";
import { auditAssignees } from "./audit";
import type { AssignResult, BulkAssignInput, CompanyRef } from "../schemas";

/**
 * Who is assigned to which company (`payroll_company_assignees`; INTERFACES §2). Assignable are
 * the workspace's owners and clerks (they prepare the month); owners and clerks assign. Only
 * members count: a person who left the workspace is not shown as assigned, and a `replace`
 * drops them.
 */

type Db = Prisma.TransactionClient | ReturnType<typeof getDb>;

/** The roles of who may be assigned, and of who may assign. */
export const ASSIGNABLE_ROLES = ["owner", "clerk"] as const;

/**
 * Per company of the connection, the ids of the assigned members of the connection's workspace
 * (companies without any are missing from the map). The connection must be one the person may reach.
 */
export async function assigneesOf(
  db: Db,
  connectionId: string,
  companyIds: readonly number[],
): Promise<Map<number, string[]>> {
  const rows = await db.payrollCompanyAssignee.findMany({
    where: {
      connectionId,
      companyId: { in: [...companyIds] },
      user: { memberships: { some: { workspace: { payrollConnections: { some: { id: connectionId } } } } } },
    },
    select: { companyId: true, userId: true },
    orderBy: [{ companyId: "asc" }, { createdAt: "asc" }],
  });
  const byCompany = new Map<number, string[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row.userId]);
  return byCompany;
}

const nameOf = (user: { id: string; displayName: string | null; email: string | null }) =>
  user.displayName ?? user.email ?? user.id;

/**
 * Assigns `userIds` to each company (`add`: beside those assigned; `replace`: only them), in one
 * transaction with an audit entry per company whose assignees changed. The person must hold a
 * role that assigns (403 otherwise); each person to assign must be an owner or clerk of the
 * workspace (422 `invalid` on `userIds` otherwise). Answers per company, in the order asked:
 * done with its assignees now, or `unknown_company` for one the workspace does not have.
 */
export async function assignCompanies(
  actor: AuditActor & { userId: string },
  input: BulkAssignInput,
): Promise<AssignResult[]> {
  const { workspaceId, userId } = actor;
  return getDb().$transaction(async (tx) => {
    const workspace = await tx.workspace.findFirst({
      where: { id: workspaceId, ...grants(userId, "payroll.edit") },
      select: {
        members: {
          where: { roles: { hasSome: [...ASSIGNABLE_ROLES] } },
          select: { user: { select: { id: true, displayName: true, email: true } } },
        },
        payrollConnections: {
          where: { id: { in: input.companies.map((company) => company.connectionId) } },
          select: { id: true },
        },
      },
    });
    if (!workspace) throw await refusal(userId, workspaceId);
    const assignable = new Map(workspace.members.map(({ user }) => [user.id, user]));
    const wanted = [...new Set(input.userIds)];
    if (wanted.some((id) => !assignable.has(id)))
      throw new ApiError("invalid", "Only owners and clerks of this workspace can be assigned.", {
        fields: { userIds: "notAssignable" },
      });
    const connections = new Set(workspace.payrollConnections.map((connection) => connection.id));
    const asked = input.companies.filter((company) => connections.has(company.connectionId));
    const known = await tx.payrollCompany.findMany({
      where: { OR: asked.map((company) => ({ connectionId: company.connectionId, companyId: company.companyId })) },
      select: { connectionId: true, companyId: true },
    });
    const key = (company: CompanyRef) => `${company.connectionId}|${company.companyId}`;
    const exists = new Set(known.map(key));
    const done = new Map<string, { id: string; name: string }[]>();
    for (const company of input.companies) {
      if (!exists.has(key(company)) || done.has(key(company))) continue;
      const before = (await assigneesOf(tx, company.connectionId, [company.companyId])).get(company.companyId) ?? [];
      const after = input.mode === "add" ? [...before, ...wanted.filter((id) => !before.includes(id))] : wanted;
      const removed = before.filter((id) => !after.includes(id));
      const added = after.filter((id) => !before.includes(id));
      // Rows of people who left the workspace go with a replace too (assigneesOf does not list them).
      if (input.mode === "replace")
        await tx.payrollCompanyAssignee.deleteMany({ where: { ...company, userId: { notIn: after } } });
      else if (removed.length)
        await tx.payrollCompanyAssignee.deleteMany({ where: { ...company, userId: { in: removed } } });
      if (added.length)
        await tx.payrollCompanyAssignee.createMany({
          data: added.map((id) => ({ ...company, userId: id, assignedById: userId })),
          skipDuplicates: true,
        });
      const person = (id: string) => ({
        id,
        name: nameOf(assignable.get(id) ?? { id, displayName: null, email: null }),
      });
      if (added.length || removed.length)
        await auditAssignees(tx, actor, { ...company, added: added.map(person), removed: removed.map(person) });
      done.set(key(company), after.map(person));
    }
    return input.companies.map((company): AssignResult => {
      const assignees = done.get(key(company));
      return assignees
        ? { item: { ...company, assignees }, ok: true, code: null, message: null }
        : { item: company, ok: false, code: "unknown_company", message: "This workspace has no such payroll company." };
    });
  }, ASSIGN_TX);
}

/** Up to 500 companies in one transaction: more than Prisma's 5 s default on a busy server. */
const ASSIGN_TX = { timeout: 60_000, maxWait: 15_000 };
