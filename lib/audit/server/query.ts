import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { berlinDayEnd, berlinDayStart } from "@/lib/dates/berlin";
import type { AuditFilters } from "../filters";
import type { AuditKind } from "../kinds";
import { actorOf, auditPeopleByIds } from "./people";

/** Entries per page of /audit (and per read of the CSV export). */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditRow {
  id: string;
  occurredAt: Date;
  actorId: string | null;
  /** The name shown (docs/adr/0298): the entry's own (older entries), else the one known now; null when erased. */
  actorName: string | null;
  actorErased: boolean;
  /** The member an entry concerns (`details.memberId`), as known now. */
  member?: { name: string | null; erased: boolean };
  kind: AuditKind;
  companyId: number | null;
  period: string | null;
  details: Record<string, unknown>;
}

/**
 * Which entries a person may read with these filters: the workspace's, and only while the person
 * is one of its members; the membership is part of the query (a non-member reads nothing). Any
 * role of the firm reads the trail, a client (who holds no other role) reads nothing of it
 * (features/workspaces/permissions.ts `workspace.read`; written out here, as in the raw queries below,
 * so that the audit core stays below the workspaces that record in it).
 */
function whereOf(
  userId: string,
  workspaceId: string,
  filters: AuditFilters,
  after?: string,
): Prisma.AuditEntryWhereInput {
  const where: Prisma.AuditEntryWhereInput = {
    workspaceId,
    workspace: { members: { some: { userId, NOT: { roles: { has: "client" } } } } },
  };
  if (filters.person) where.actorId = filters.person;
  if (filters.company) where.companyId = filters.company;
  if (filters.period) where.period = filters.period;
  if (filters.kind) where.kind = filters.kind;
  if (filters.from || filters.to)
    where.occurredAt = {
      ...(filters.from ? { gte: berlinDayStart(filters.from) } : {}),
      ...(filters.to ? { lt: berlinDayEnd(filters.to) } : {}),
    };
  if (after) {
    const [ms, id] = after.split("_") as [string, string];
    const at = new Date(Number(ms));
    where.AND = [{ OR: [{ occurredAt: { lt: at } }, { occurredAt: at, id: { lt: id } }] }];
  }
  return where;
}

const SELECT = {
  id: true,
  occurredAt: true,
  actorId: true,
  actorName: true,
  kind: true,
  companyId: true,
  period: true,
  details: true,
} satisfies Prisma.AuditEntrySelect;

/** The cursor of the page after this entry. */
function cursorOf(row: { occurredAt: Date; id: string }): string {
  return `${row.occurredAt.getTime()}_${row.id}`;
}

/** One page of a workspace's entries, newest first (keyset: `after` is the last entry's cursor); `next` when there are more. */
export async function listAuditEntries(
  userId: string,
  workspaceId: string,
  filters: AuditFilters,
  after?: string,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<{ entries: AuditRow[]; next: string | null }> {
  const rows = await getDb().auditEntry.findMany({
    where: whereOf(userId, workspaceId, filters, after),
    select: SELECT,
    orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
    take: pageSize + 1,
  });
  const page = rows.slice(0, pageSize);
  const details = page.map((row) => (row.details ?? {}) as Record<string, unknown>);
  // Staff by reference: their names as known now, or that they were erased.
  const people = await auditPeopleByIds([...page.map((row) => row.actorId), ...details.map((d) => d.memberId)]);
  const entries: AuditRow[] = page.map((row, index) => {
    const member = people.get(String(details[index]!.memberId));
    return {
      ...row,
      ...actorOf(row, people),
      ...(member ? { member } : {}),
      kind: row.kind as AuditKind,
      details: details[index]!,
    };
  });
  return { entries, next: rows.length > pageSize ? cursorOf(entries[entries.length - 1]!) : null };
}

/** Every entry the filters select, newest first, a page at a time (for the CSV export: memory stays flat). */
export async function* allAuditEntries(
  userId: string,
  workspaceId: string,
  filters: AuditFilters,
  pageSize = 500,
): AsyncGenerator<AuditRow[]> {
  let after: string | undefined;
  for (;;) {
    const page = await listAuditEntries(userId, workspaceId, filters, after, pageSize);
    if (page.entries.length) yield page.entries;
    if (!page.next) return;
    after = page.next;
  }
}

/** The companies the workspace's entries name, with the name one of the workspace's payroll connections knows them by. */
export async function auditCompanies(
  userId: string,
  workspaceId: string,
): Promise<{ id: number; name: string | null }[]> {
  const rows = await getDb().$queryRaw<{ company_id: number; name: string | null }[]>`
    SELECT a.company_id, (
      SELECT c.name1 FROM payroll_companies c
      JOIN payroll_connections pc ON pc.id = c.connection_id AND pc.workspace_id = ${workspaceId}::uuid
      WHERE c.company_id = a.company_id ORDER BY c.synced_at DESC LIMIT 1) AS name
    FROM (SELECT DISTINCT company_id FROM audit_entries WHERE workspace_id = ${workspaceId}::uuid AND company_id IS NOT NULL) AS a
    WHERE EXISTS (SELECT 1 FROM workspace_members me WHERE me.workspace_id = ${workspaceId}::uuid AND me.user_id = ${userId}::uuid AND NOT ('client' = ANY(me.roles)))
    ORDER BY a.company_id`;
  return rows.map((row) => ({ id: row.company_id, name: row.name }));
}

/**
 * Everyone who made an entry in the workspace, with the name known now (else the newest their
 * entries hold); `erased` for a person whose name was erased.
 */
export async function auditPeople(
  userId: string,
  workspaceId: string,
): Promise<{ id: string; name: string | null; erased: boolean }[]> {
  const rows = await getDb().$queryRaw<{ actor_id: string; actor_name: string | null }[]>`
    SELECT DISTINCT ON (a.actor_id) a.actor_id::text, a.actor_name FROM audit_entries a
    WHERE a.workspace_id = ${workspaceId}::uuid AND a.actor_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM workspace_members me WHERE me.workspace_id = a.workspace_id AND me.user_id = ${userId}::uuid AND NOT ('client' = ANY(me.roles)))
    ORDER BY a.actor_id, a.occurred_at DESC`;
  const people = await auditPeopleByIds(rows.map((row) => row.actor_id));
  return rows
    .map((row) => {
      const person = people.get(row.actor_id);
      return {
        id: row.actor_id,
        name: person?.erased ? null : (person?.name ?? row.actor_name),
        erased: !!person?.erased,
      };
    })
    .sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
}
