import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import type { SessionUser } from "@/lib/auth/server/session";
import { grants, heldBy } from "@/features/workspaces/server/access";
import type { Prisma } from "@/lib/db/generated/client";
import type { OwnPermission, Permission } from "@/features/workspaces/permissions";
import type { PayrollClient } from "../upstream/server/payroll-service";
import { clientForConnection, type PayrollActor, type PayrollConnectionInfo } from "../connection/server/connection";
import { PayrollNotConnectedError } from "../errors";

/**
 * Which of the workspace's payroll connections a request or page works on, found by a query that
 * carries the person's membership and role (authorization in the query, never after it):
 * - a company id is looked up among the workspace's connected connections (company ids are
 *   unique only per connection): one match is it; several are told apart by the connection the
 *   person chose on /payroll, else refused as ambiguous (409 `conflict`);
 * - an import id names its own connection;
 * - otherwise (or an id no cached list holds yet) the person's chosen connection, else the first.
 * Nothing found: 403 `forbidden` for a member whose roles do not allow it, else `not_connected`.
 *
 * `own` opens the request to the firm's clients (features/workspaces/permissions.ts): a member holding
 * it reaches a connection only through a workspace_member_companies row for the named company,
 * in the same query. A client is refused everything else with 404 (they learn of no other company).
 */
export type PayrollTarget = { companyId?: string; importId?: string };

export function payrollActor(user: SessionUser): PayrollActor {
  // Only before a first sign-in made the personal workspace: nothing to reach yet.
  if (!user.workspace) throw new PayrollNotConnectedError();
  return { userId: user.id, workspaceId: user.workspace.id };
}

const COMPANY_ID = /^\d{1,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function payrollFor(
  actor: PayrollActor,
  permission: Permission,
  target: PayrollTarget = {},
  own?: OwnPermission,
): Promise<{ connection: PayrollConnectionInfo; client: PayrollClient }> {
  const db = getDb();
  const companyId = target.companyId && COMPANY_ID.test(target.companyId) ? Number(target.companyId) : null;
  const reach: Prisma.PayrollConnectionWhereInput[] = [{ workspace: grants(actor.userId, permission) }];
  if (own && companyId !== null) reach.push(clientReach(actor.userId, actor.workspaceId, own, companyId));
  const connections = await db.payrollConnection.findMany({
    where: { workspaceId: actor.workspaceId, apiKeyEncrypted: { not: null }, OR: reach },
    select: {
      id: true,
      baseUrl: true,
      username: true,
      createdAt: true,
      chosenBy: { where: { userId: actor.userId }, select: { userId: true } },
      companies: { where: { companyId: companyId ?? -1 }, select: { companyId: true } },
      imports: {
        where: {
          id: target.importId && UUID.test(target.importId) ? target.importId : "00000000-0000-0000-0000-000000000000",
        },
        select: { id: true },
      },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (connections.length === 0) throw await noConnection(actor, permission);
  const chosen = connections.find((connection) => connection.chosenBy.length > 0);
  let picked = chosen ?? connections[0]!;
  const reaching = connections.filter((connection) => connection.companies.length > 0);
  if (reaching.length === 1) picked = reaching[0]!;
  else if (reaching.length > 1) {
    if (!chosen || !reaching.includes(chosen)) {
      throw new ApiError(
        "conflict",
        "Several payroll connections of this workspace reach that company: choose one on the payroll page.",
      );
    }
    picked = chosen;
  }
  const owning = connections.find((connection) => connection.imports.length > 0);
  if (owning) picked = owning;
  const connection = { id: picked.id, baseUrl: picked.baseUrl, username: picked.username, createdAt: picked.createdAt };
  return { connection, client: await clientForConnection(connection.id) };
}

/** A client's way to a connection: their own permission and a row naming this company for them. */
function clientReach(
  userId: string,
  workspaceId: string,
  own: OwnPermission,
  companyId: number,
): Prisma.PayrollConnectionWhereInput {
  return { workspace: grants(userId, own), clientCompanies: { some: { workspaceId, userId, companyId } } };
}

/**
 * Why no connection was found: a client of the workspace learns nothing (404), else the person's
 * roles (403) or none is connected (409 `not_connected`).
 */
async function noConnection(actor: PayrollActor, permission: Permission): Promise<Error> {
  const client = await getDb().workspaceMember.count({
    where: { workspaceId: actor.workspaceId, userId: actor.userId, roles: { has: "client" } },
  });
  if (client > 0) return new ApiError("not_found");
  if (permission === "payroll.read") return new PayrollNotConnectedError();
  const readable = await getDb().payrollConnection.count({
    where: { workspaceId: actor.workspaceId, apiKeyEncrypted: { not: null }, workspace: heldBy(actor.userId) },
  });
  return readable > 0
    ? new ApiError("forbidden", `Your roles in this workspace do not allow that (${permission}).`)
    : new PayrollNotConnectedError();
}

/**
 * Whether the person may still use the connection with `permission` (a member of its workspace
 * holding a role that grants it, and the connection still connected), for what stays open after
 * the request's check: the draft's event stream asks before each event it sends. A client (`own`)
 * still needs their row for the company.
 */
export async function stillPermitted(
  userId: string,
  connectionId: string,
  permission: Permission,
  own?: { permission: OwnPermission; companyId: number },
): Promise<boolean> {
  const reach: Prisma.PayrollConnectionWhereInput[] = [{ workspace: grants(userId, permission) }];
  if (own)
    reach.push({
      workspace: grants(userId, own.permission),
      clientCompanies: { some: { userId, companyId: own.companyId } },
    });
  const count = await getDb().payrollConnection.count({
    where: { id: connectionId, apiKeyEncrypted: { not: null }, OR: reach },
  });
  return count > 0;
}
