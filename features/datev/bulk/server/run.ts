import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { recordAudit } from "@/lib/audit/server/record";
import { asExport } from "@/lib/http/server/upstream-priority";
import type { MonthActor } from "@/features/month-close/server/audit";
import { holdsRole } from "@/features/month-close/states";
import { clientForConnection } from "@/features/payroll/connection/server/connection";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { grants } from "@/features/workspaces/server/access";
import { bulkMonthSchema, type BulkItemResult } from "../schemas";
import { cachedCompanies } from "@/features/payroll/connection/server/companies";
import { workspaceWageTypes } from "../../server/settings";
import { companyKey, exportItem, refusal, type ItemContext } from "./item";
import { bulkZip } from "./zip";

/**
 * The `datev-bulk-export` job's work (docs/adr/0291-datev-bulk-export-job.md): each month of the
 * run through ./item.ts, a few side by side (each company's employees are one read of the service,
 * drawn from the key's budget as a person's export), each result written to the run's row as it
 * comes, so the page shows them and a job handed out again continues where the last one stopped;
 * then the ZIP (./zip.ts), stored with its SHA-256 in the row, and the run's audit entry. The
 * person's roles and connections are read again here, not taken from the request: a person who
 * lost the role since gets every month refused.
 */

const BULK_CONCURRENCY = 8;

async function actorFor(run: { workspaceId: string; userId: string; userName: string }): Promise<MonthActor | null> {
  const member = await getDb().workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId: run.workspaceId, userId: run.userId } },
    select: { roles: true },
  });
  if (!member || !holdsRole(member.roles, "transfer")) return null;
  return { workspaceId: run.workspaceId, userId: run.userId, name: run.userName, roles: member.roles };
}

async function contextFor(actor: MonthActor, connectionIds: string[]): Promise<ItemContext> {
  // Only the connections of the person's workspace (authorization in the query).
  const connections = await getDb().payrollConnection.findMany({
    where: {
      workspaceId: actor.workspaceId,
      apiKeyEncrypted: { not: null },
      id: { in: [...new Set(connectionIds)] },
      workspace: grants(actor.userId, "payroll.read"),
    },
    select: { id: true },
  });
  const clients = new Map<string, Promise<PayrollClient>>();
  const [wageTypeDefaults, lists] = await Promise.all([
    workspaceWageTypes(actor.workspaceId),
    Promise.all(connections.map((connection) => cachedCompanies(connection.id))),
  ]);
  const companies = new Map(
    connections.flatMap((connection, index) =>
      (lists[index] ?? []).map((company) => [companyKey(connection.id, company.id), company] as const),
    ),
  );
  return {
    actor,
    wageTypeDefaults,
    companies,
    reachable: new Set(connections.map((connection) => connection.id)),
    clientOf: (connectionId) => {
      let client = clients.get(connectionId);
      if (!client) clients.set(connectionId, (client = clientForConnection(connectionId)));
      return client;
    },
  };
}

/** How often the results so far are written while the run goes (the page polls every second). */
const WRITE_EVERY_MS = 500;

/**
 * Writes the results so far, at most every WRITE_EVERY_MS: a call while a write is due or under
 * way is folded into it (each write is the whole list; 300 writes of a growing list cost the run
 * more than its files).
 */
function resultWriter(id: string, results: (BulkItemResult | null)[]) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing = Promise.resolve();
  const write = async () => {
    await getDb().datevBulkExport.update({
      where: { id },
      data: { results: results as Prisma.InputJsonValue },
      select: { id: true },
    });
  };
  return {
    soon: () => {
      timer ??= setTimeout(() => {
        timer = null;
        // A failed write in between is made good by the next one, and by the last (which throws).
        writing = writing.then(write).catch(() => undefined);
      }, WRITE_EVERY_MS);
    },
    now: async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await writing;
      await write();
    },
  };
}

export async function runBulkExport(id: string, concurrency = BULK_CONCURRENCY): Promise<void> {
  const db = getDb();
  const run = await db.datevBulkExport.findUnique({ where: { id } });
  if (!run || run.state === "done") return;
  await db.datevBulkExport.update({ where: { id }, data: { state: "running" }, select: { id: true } });
  const months = bulkMonthSchema.array().parse(run.months);
  const stored = (Array.isArray(run.results) ? run.results : []) as (BulkItemResult | null)[];
  const results = months.map((_, index) => stored[index] ?? null);
  const actor = await actorFor(run);
  const context = actor
    ? await contextFor(
        actor,
        months.map((month) => month.connectionId),
      )
    : null;
  const write = resultWriter(id, results);
  const pending = months.flatMap((_, index) => (results[index] ? [] : [index]));
  const worker = async () => {
    for (let index = pending.shift(); index !== undefined; index = pending.shift()) {
      const month = months[index]!;
      results[index] = context
        ? await exportItem(context, month)
        : refusal(month, "forbidden", "Your roles in this workspace do not take the month's last step.");
      write.soon();
    }
  };
  await asExport(() => Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, worker)));
  await write.now();
  await finish(run, actor, results as BulkItemResult[]);
}

async function finish(
  run: { id: string; workspaceId: string; userId: string; userName: string },
  actor: MonthActor | null,
  results: BulkItemResult[],
) {
  const db = getDb();
  const ids = results.flatMap((result) => (result.exportId ? [result.exportId] : []));
  const files = await db.datevExport.findMany({
    where: { id: { in: ids } },
    select: { id: true, fileName: true, program: true, content: true },
  });
  const at = now();
  const zip = bulkZip(results, files, at);
  const count = (result: BulkItemResult["result"]) => results.filter((item) => item.result === result).length;
  await db.$transaction(async (tx) => {
    await tx.datevBulkExport.update({
      where: { id: run.id },
      data: { state: "done", finishedAt: at, zip: new Uint8Array(zip.bytes), zipSha256: zip.sha256 },
      select: { id: true },
    });
    const who = actor ?? { workspaceId: run.workspaceId, userId: run.userId, name: run.userName };
    await recordAudit(tx, who, {
      kind: "datev.bulk_export",
      subjectId: run.id,
      details: {
        bulkExportId: run.id,
        months: results.length,
        exported: count("exported"),
        already: count("already"),
        refused: count("refused"),
        zipSha256: zip.sha256,
      },
    });
  });
}
