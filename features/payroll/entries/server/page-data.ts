import "server-only";
import { withoutRestricted } from "@/features/records/erasure/server/restricted";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { syncCompanies, type CompanyRecord } from "@/features/payroll/connection/server/companies";
import { loadEntryDraft } from "./drafts";
import { lastSuccessfulTransfer, lastUnknownTransfer } from "./history";
import type { EntryKind } from "../kinds";
import { lastTransferredSet, rememberedRates } from "./less-typing";

/**
 * The company as the service sees it now (its month may have moved on since the list was
 * cached): re-read once per visit; the cached record when the service cannot be reached.
 */
export async function freshCompany(
  connectionId: string,
  client: PayrollClient,
  cached: CompanyRecord,
): Promise<CompanyRecord> {
  try {
    return (await syncCompanies(connectionId, client)).find((company) => company.id === cached.id) ?? cached;
  } catch {
    return cached;
  }
}

/**
 * What the grid page needs: employees (by id), the person's draft, the last successful transfer
 * of the month and a later one whose outcome is unknown (the review compares with both), and for
 * less typing the last transferred set of an earlier month (offered while the draft is empty)
 * and the rates remembered per employee and type (proposed in new lines).
 */
export async function entriesPageData(
  connectionId: string,
  client: PayrollClient,
  company: CompanyRecord,
  kind: EntryKind,
) {
  const [listed, draft, last] = await Promise.all([
    client.listEmployees(company.id),
    loadEntryDraft({ connectionId, companyId: company.id, period: company.current_month, kind }),
    lastSuccessfulTransfer(connectionId, company.id, company.current_month, kind),
  ]);
  // Employees under an erasure request: not in a month after the one they were requested in.
  const employees = await withoutRestricted(connectionId, company.id, listed, company.current_month);
  const empty = !draft?.lines.some((line) => Object.keys(line.values).length > 0);
  const [unknown, startFrom, rates] = await Promise.all([
    lastUnknownTransfer(connectionId, company.id, company.current_month, kind, last?.createdAt ?? null),
    empty
      ? lastTransferredSet(
          connectionId,
          company.id,
          company.current_month,
          kind,
          new Set(employees.map((employee) => employee.id)),
        )
      : null,
    rememberedRates(connectionId, company.id, kind),
  ]);
  return {
    employees: employees
      .map((employee) => ({ id: employee.id, name: `${employee.last_name}, ${employee.first_name}` }))
      .sort((a, b) => a.id - b.id),
    // Unreadable stored lines (logged by id) are counted for the page to flag, not dropped unseen.
    draft: draft && {
      lines: draft.lines,
      unreadableLines: draft.unreadableLineIds.length,
      revision: draft.revision,
      lineRevisions: draft.lineRevisions,
      updatedAt: draft.updatedAt.toISOString(),
    },
    lastTransfer: last && {
      id: last.id,
      createdAt: last.createdAt.toISOString(),
      lines: last.lines,
      unreadableLines: last.unreadableLines,
    },
    unknownTransfer: unknown && { id: unknown.id, createdAt: unknown.createdAt.toISOString(), lines: unknown.lines },
    startFrom,
    rememberedRates: rates,
  };
}
