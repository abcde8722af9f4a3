import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { AccessExportKind, AccessKind, AccessViewKind } from "../../access-kinds";
import { bufferAccess, spendAccessLogTime } from "./writer";

/**
 * The access log's two ways in (docs/adr/0266-access-log.md):
 * - a page view of employees' figures (`recordView`): buffered, written within a second, so the
 *   page pays nothing for it;
 * - an export or import (`recordExport`): written at once, in the caller's transaction when it
 *   has one, before the file is handed out: an export is rare and is the very copy of pay data
 *   that leaves the system, so its row must not wait in a buffer. The Art. 15 and the tax-audit
 *   exports (issue #38 §5) call this one.
 */

/** Who viewed, in which workspace: the person's active workspace, as the page read it. */
export interface AccessViewer {
  id: string;
  workspace: { id: string } | null;
}

/** The employees a page or export showed, once each, in order. */
function distinctIds(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Logs a page view of employees' figures; nothing for a person without a workspace (nothing was shown). */
export function recordView(
  viewer: AccessViewer,
  view: { kind: AccessViewKind; companyId: number; period: string; employeeIds: Iterable<number> },
): void {
  if (!viewer.workspace) return;
  const started = performance.now();
  bufferAccess({
    workspaceId: viewer.workspace.id,
    actorId: viewer.id,
    kind: view.kind,
    companyId: view.companyId,
    period: view.period,
    employeeIds: distinctIds(view.employeeIds),
  });
  spendAccessLogTime(performance.now() - started);
}

/** Logs an export or import now (in `tx` when given): one row for the whole file. */
export async function recordExport(
  exported: {
    workspaceId: string;
    actorId: string;
    kind: AccessExportKind;
    companyId?: number | null;
    period?: string | null;
    employeeIds: Iterable<number>;
  },
  tx: Prisma.TransactionClient = getDb(),
): Promise<void> {
  await tx.accessLogEntry.create({
    data: {
      workspaceId: exported.workspaceId,
      actorId: exported.actorId,
      occurredAt: now(),
      kind: exported.kind satisfies AccessKind,
      companyId: exported.companyId ?? null,
      period: exported.period ?? null,
      employeeIds: distinctIds(exported.employeeIds),
    },
    select: { id: true },
  });
}
