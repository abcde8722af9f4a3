import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { rolesFor } from "@/features/workspaces/permissions";
import type { AccessKind } from "../../access-kinds";

/** Rows per page of "Views and exports". */
export const ACCESS_PAGE_SIZE = 50;

/**
 * The access log as owners read it on /audit ("Views and exports"): only an owner of the
 * workspace (`workspace.manage`, features/workspaces/permissions.ts) reads anything, and the
 * membership is part of the query, as the audit trail's is. Paged newest first by a keyset.
 */

function optional<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => (Array.isArray(value) ? value[0] : value) || undefined, schema.optional())
    .catch(undefined);
}

/** The section's URL: `?view=access&company=…&person=…&after=…`; a bad value is ignored, not refused. */
export const accessSearchSchema = z.object({
  company: optional(z.coerce.number().int().positive().max(999_999_999)),
  person: optional(z.uuid()),
  after: optional(z.string().regex(/^\d{1,15}_[0-9a-f-]{36}$/)),
});
export type AccessSearch = z.infer<typeof accessSearchSchema>;

export interface AccessRow {
  id: string;
  occurredAt: Date;
  actorId: string;
  kind: AccessKind;
  companyId: number | null;
  period: string | null;
  employeeIds: number[];
}

function ownerOf(userId: string): Prisma.WorkspaceWhereInput {
  return { members: { some: { userId, roles: { hasSome: rolesFor("workspace.manage") } } } };
}

/** Whether the person may read the workspace's access log (an owner of it). */
export async function mayReadAccessLog(userId: string, workspaceId: string): Promise<boolean> {
  return (await getDb().workspace.count({ where: { id: workspaceId, ...ownerOf(userId) } })) > 0;
}

/** One page of the workspace's access log, newest first; `next` when there are more. */
export async function listAccessLog(
  userId: string,
  workspaceId: string,
  search: AccessSearch,
  pageSize = ACCESS_PAGE_SIZE,
): Promise<{ rows: AccessRow[]; next: string | null }> {
  const where: Prisma.AccessLogEntryWhereInput = { workspaceId, workspace: ownerOf(userId) };
  if (search.company) where.companyId = search.company;
  if (search.person) where.actorId = search.person;
  if (search.after) {
    const [ms, id] = search.after.split("_") as [string, string];
    const at = new Date(Number(ms));
    where.OR = [{ occurredAt: { lt: at } }, { occurredAt: at, id: { lt: id } }];
  }
  const found = await getDb().accessLogEntry.findMany({
    where,
    orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
    take: pageSize + 1,
    select: { id: true, occurredAt: true, actorId: true, kind: true, companyId: true, period: true, employeeIds: true },
  });
  const rows = found.slice(0, pageSize).map((row) => ({ ...row, kind: row.kind as AccessKind }));
  const last = rows[rows.length - 1];
  return { rows, next: found.length > pageSize && last ? `${last.occurredAt.getTime()}_${last.id}` : null };
}

/** The people and companies the workspace's access log names, for the filters (owners only). */
export async function accessLogChoices(
  userId: string,
  workspaceId: string,
): Promise<{ people: { id: string; name: string | null }[]; companies: { id: number; name: string | null }[] }> {
  if (!(await mayReadAccessLog(userId, workspaceId))) return { people: [], companies: [] };
  const [actors, companies] = await Promise.all([
    getDb().accessLogEntry.findMany({ where: { workspaceId }, distinct: ["actorId"], select: { actorId: true } }),
    getDb().$queryRaw<{ company_id: number; name: string | null }[]>`
      SELECT a.company_id, (
        SELECT c.name1 FROM payroll_companies c
        JOIN payroll_connections pc ON pc.id = c.connection_id AND pc.workspace_id = ${workspaceId}::uuid
        WHERE c.company_id = a.company_id ORDER BY c.synced_at DESC LIMIT 1) AS name
      FROM (SELECT DISTINCT company_id FROM access_log_entries
            WHERE workspace_id = ${workspaceId}::uuid AND company_id IS NOT NULL) AS a
      ORDER BY a.company_id`,
  ]);
  const people = await peopleNames(actors.map((actor) => actor.actorId));
  return {
    people: [...people].map(([id, name]) => ({ id, name })).sort((a, b) => (a.name ?? "").localeCompare(b.name ?? "")),
    companies: companies.map((row) => ({ id: row.company_id, name: row.name })),
  };
}

/** The names of people by id, as they are now (a person deleted since: absent). */
export async function peopleNames(ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const users = await getDb().user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, displayName: true, email: true },
  });
  return new Map(users.map((user) => [user.id, user.displayName ?? user.email ?? null]));
}
