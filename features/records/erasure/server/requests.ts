import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { can } from "@/features/workspaces/permissions";
import type { WorkspaceRoleName } from "@/features/workspaces/schemas";
import type { ErasureRequestInput, ErasureRequestView, ErasureState } from "../schemas";
import { eraseAfterFor } from "./erase-after";

const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : null);

/** The owner's chosen payroll connection holding the company (or the workspace's only one that does); else 404. */
async function connectionOf(userId: string, workspaceId: string, companyId: number): Promise<string> {
  const db = getDb();
  const member = await db.workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { roles: true, payrollConnectionId: true },
  });
  if (!member || member.roles.includes("client")) throw new ApiError("not_found");
  if (!can(member.roles as WorkspaceRoleName[], "workspace.manage"))
    throw new ApiError("forbidden", "Only an owner of the workspace may record an erasure request.");
  const holding = await db.payrollCompany.findMany({
    where: { companyId, connection: { workspaceId } },
    select: { connectionId: true },
  });
  const chosen = holding.find((row) => row.connectionId === member.payrollConnectionId);
  const connectionId = chosen?.connectionId ?? (holding.length === 1 ? holding[0]!.connectionId : undefined);
  if (!connectionId) throw new ApiError("not_found");
  return connectionId;
}

/**
 * An owner records an employee's erasure request (Art. 17 with 18 GDPR): from now on the employee
 * is restricted (./restricted.ts), and the nightly erasure (./erase.ts) erases them once the last
 * retention of their records ends. Once per employee (a second request answers the first); audited.
 */
export async function recordErasureRequest(
  actor: AuditActor & { userId: string },
  input: ErasureRequestInput,
): Promise<ErasureRequestView> {
  const connectionId = await connectionOf(actor.userId, actor.workspaceId, input.companyId);
  const key = { workspaceId: actor.workspaceId, connectionId, ...input };
  const db = getDb();
  const existing = await db.erasureRequest.findUnique({
    where: {
      connectionId_companyId_employeeId: { connectionId, companyId: input.companyId, employeeId: input.employeeId },
    },
  });
  if (existing) return (await viewsOf([existing]))[0]!;
  const at = now();
  const eraseAfter = await eraseAfterFor(key, berlinToday(at));
  const created = await db.$transaction(async (tx) => {
    const row = await tx.erasureRequest.create({
      data: {
        ...key,
        requestedById: actor.userId,
        requestedAt: at,
        eraseAfter: eraseAfter ? new Date(`${eraseAfter}T00:00:00Z`) : null,
      },
    });
    await recordAudit(tx, actor, {
      kind: "employee.erasure_requested",
      companyId: input.companyId,
      subjectId: String(input.employeeId),
      details: { employeeId: input.employeeId, requestId: row.id, eraseAfter },
    });
    return row;
  });
  return (await viewsOf([created]))[0]!;
}

type Row = Awaited<ReturnType<ReturnType<typeof getDb>["erasureRequest"]["findMany"]>>[number];

async function viewsOf(rows: readonly Row[]): Promise<ErasureRequestView[]> {
  const ids = [...new Set(rows.map((row) => row.requestedById).filter((id): id is string => id !== null))];
  const users = await getDb().user.findMany({
    where: { id: { in: ids } },
    select: { id: true, displayName: true, email: true },
  });
  const names = new Map(users.map((user) => [user.id, user.displayName ?? user.email ?? null]));
  return rows.map((row) => ({
    id: row.id,
    companyId: row.companyId,
    employeeId: row.employeeId,
    state: row.state as ErasureState,
    requestedOn: berlinToday(row.requestedAt),
    requestedBy: row.requestedById ? (names.get(row.requestedById) ?? null) : null,
    eraseAfter: day(row.eraseAfter),
    erasedOn: row.erasedAt ? berlinToday(row.erasedAt) : null,
  }));
}

/** A company's erasure requests, newest first (the company page's table; the caller checked the reach). */
export async function companyErasureRequests(connectionId: string, companyId: number): Promise<ErasureRequestView[]> {
  const rows = await getDb().erasureRequest.findMany({
    where: { connectionId, companyId },
    orderBy: [{ requestedAt: "desc" }, { id: "asc" }],
  });
  return viewsOf(rows);
}
