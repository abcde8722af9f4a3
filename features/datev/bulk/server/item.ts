import "server-only";
import { toApiError } from "@/lib/http/api-error";
import type { MonthActor } from "@/features/month-close/server/audit";
import { requireCompany, type CompanyRecord } from "@/features/payroll/connection/server/companies";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { exportForDatev, latestExport } from "../../server/export";
import { companyDatevSettings } from "../../server/settings";
import { monthRowOf } from "../../server/approved-lines";
import type { WageTypeMapping } from "../../settings/wage-types";
import type { BulkItemResult, BulkMonth, BulkRefusal } from "../schemas";

/**
 * One month of a bulk export, through the single export's own function (../../server/export.ts
 * `exportForDatev`: the file from the sealed snapshot, stored with its SHA-256, the history, the
 * audit entry, the month Transferred to DATEV), so nothing here decides what a file holds. Before
 * it, the refusals that need no read of the service: a company the workspace does not reach, a
 * company whose months go to the payroll service, a month that is not Approved. A month already
 * exported in its current round (Transferred to DATEV) is not exported again: its stored file goes
 * into the ZIP as it is (docs/adr/0291-datev-bulk-export-job.md).
 */

export interface ItemContext {
  actor: MonthActor;
  /** The person's workspace's connections (authorization in the query: ./run.ts). */
  reachable: ReadonlySet<string>;
  clientOf: (connectionId: string) => Promise<PayrollClient>;
  /** The firm's default wage types, read once for the run (every month's settings build on them). */
  wageTypeDefaults: Record<string, WageTypeMapping>;
  /** The reachable connections' cached company lists, read once for the run: `connectionId:companyId` → company. */
  companies: ReadonlyMap<string, CompanyRecord>;
}

export const companyKey = (connectionId: string, companyId: number) => `${connectionId}:${companyId}`;

const empty = { companyName: null, code: null, message: null, exportId: null, fileName: null, sha256: null };

export function refusal(
  item: BulkMonth,
  reason: BulkRefusal,
  message: string,
  more: Partial<BulkItemResult> = {},
): BulkItemResult {
  const code =
    reason === "checks"
      ? "invalid"
      : reason === "not_datev" || reason === "not_approved"
        ? "month_state"
        : reason === "failed"
          ? "internal"
          : reason;
  return { ...empty, item, result: "refused", reason, code, message, ...more };
}

/** What the month's own export would answer as a refusal, as this item's result. */
function refusalOf(item: BulkMonth, companyName: string | null, error: unknown): BulkItemResult {
  const refused = toApiError(error);
  const extra = (refused.extra ?? {}) as { problems?: { code: string }[] };
  if (refused.code === "invalid" && extra.problems)
    return refusal(item, "checks", refused.message, { companyName, problems: extra.problems });
  if (refused.code === "month_state") return refusal(item, "not_approved", refused.message, { companyName });
  if (refused.code === "unknown_company") return refusal(item, "unknown_company", refused.message, { companyName });
  return refusal(item, "failed", refused.message, { companyName, code: refused.code });
}

export async function exportItem(context: ItemContext, item: BulkMonth): Promise<BulkItemResult> {
  const { actor } = context;
  let companyName: string | null = null;
  try {
    if (!context.reachable.has(item.connectionId))
      return refusal(item, "unknown_company", "This workspace has no such payroll company.");
    const client = await context.clientOf(item.connectionId);
    // A company missing from the run's read of the lists: as a single export finds it (a re-read when stale).
    const company =
      context.companies.get(companyKey(item.connectionId, item.companyId)) ??
      (await requireCompany(item.connectionId, item.companyId, client));
    companyName = [company.name1, company.name2].filter(Boolean).join(" ");
    const settings = await companyDatevSettings(
      actor.workspaceId,
      item.connectionId,
      item.companyId,
      context.wageTypeDefaults,
    );
    if (settings.target !== "datev")
      return refusal(item, "not_datev", "This company's months go to the payroll service: use Transfer.", {
        companyName,
      });
    const key = { connectionId: item.connectionId, companyId: item.companyId, period: item.period };
    const month = await monthRowOf(key);
    if (month?.state === "transferred" && month.transferTarget === "datev") {
      const stored = await latestExport(item.connectionId, item.companyId, item.period);
      if (stored && stored.round === month.round)
        return {
          ...empty,
          item,
          companyName,
          result: "already",
          reason: null,
          message: "Exported before: its stored file is in the ZIP.",
          exportId: stored.id,
          fileName: stored.fileName,
          sha256: stored.sha256,
        };
    }
    if (month?.state !== "approved")
      return refusal(
        item,
        "not_approved",
        `The month is ${month?.state ?? "open"}: only an approved month is exported.`,
        {
          companyName,
        },
      );
    // What was read here is not read again; the export locks the month and checks its state anew.
    const made = await exportForDatev(
      { actor, connectionId: item.connectionId, client, company, period: item.period },
      { settings, monthState: month.state },
    );
    return {
      ...empty,
      item,
      companyName,
      result: "exported",
      reason: null,
      exportId: made.exportId,
      fileName: made.fileName,
      sha256: made.sha256,
    };
  } catch (error) {
    return refusalOf(item, companyName, error);
  }
}
