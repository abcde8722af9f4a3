import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import {
  DEFAULT_CUT_OFF_RULE,
  cutOffDate,
  monthDeadlines,
  type CutOffRule,
  type IsoDate,
  type Land,
  type MonthDeadlines,
} from "../deadlines";
import { isLand, storedCutOffRule } from "../schemas";

/**
 * Which Land and cut-off rule count for a company's deadlines, read in one round of queries for
 * many companies (the overview's 300 rows, the calendar feed):
 * - Land: the company's own setting for deadlines (its health insurer's seat), else the Land of
 *   its check settings (payroll_company_settings.federal_state), else none: national holidays only.
 * - Cut-off: the company's own rule, else the workspace's (workspaces.cut_off_rule), else
 *   DEFAULT_CUT_OFF_RULE.
 * The connection id must already be one the person may reach: this reads by it, it does not authorize.
 */

type Db = Pick<
  Prisma.TransactionClient,
  "payrollConnection" | "payrollCompanySettings" | "payrollCompanyDeadlineSettings"
>;

export interface CompanyDeadlineSettings {
  land: Land | null;
  landSource: "company" | "check_settings" | "none";
  cutOffRule: CutOffRule;
  cutOffSource: "company" | "workspace";
}

/** The workspace's default cut-off rule as stored (null: never chosen). */
export function workspaceCutOffRule(stored: unknown): CutOffRule {
  return storedCutOffRule(stored) ?? DEFAULT_CUT_OFF_RULE;
}

/** Settings for each of `companyIds` (every id gets an entry, companies without rows the defaults). */
export async function companyDeadlineSettings(
  db: Db,
  connectionId: string,
  companyIds: number[],
): Promise<Map<number, CompanyDeadlineSettings>> {
  const [connection, checkRows, deadlineRows] = await Promise.all([
    db.payrollConnection.findUnique({
      where: { id: connectionId },
      select: { workspace: { select: { cutOffRule: true } } },
    }),
    db.payrollCompanySettings.findMany({
      where: { connectionId, companyId: { in: companyIds } },
      select: { companyId: true, federalState: true },
    }),
    db.payrollCompanyDeadlineSettings.findMany({
      where: { connectionId, companyId: { in: companyIds } },
      select: { companyId: true, land: true, cutOffRule: true },
    }),
  ]);
  const workspaceRule = workspaceCutOffRule(connection?.workspace.cutOffRule ?? null);
  const checkLand = new Map(checkRows.map((row) => [row.companyId, row.federalState]));
  const own = new Map(deadlineRows.map((row) => [row.companyId, row]));
  const settings = new Map<number, CompanyDeadlineSettings>();
  for (const companyId of companyIds) {
    const row = own.get(companyId);
    const fromCheck = checkLand.get(companyId) ?? null;
    const ownRule = storedCutOffRule(row?.cutOffRule ?? null);
    const [land, landSource]: [Land | null, CompanyDeadlineSettings["landSource"]] =
      row?.land && isLand(row.land)
        ? [row.land, "company"]
        : fromCheck && isLand(fromCheck)
          ? [fromCheck, "check_settings"]
          : [null, "none"];
    settings.set(companyId, {
      land,
      landSource,
      cutOffRule: ownRule ?? workspaceRule,
      cutOffSource: ownRule ? "company" : "workspace",
    });
  }
  return settings;
}

/** A company's deadlines of a month under its settings, with the firm's cut-off. */
export function companyMonthDeadlines(
  settings: CompanyDeadlineSettings,
  period: string,
): MonthDeadlines & { cutOff: IsoDate } {
  return { ...monthDeadlines(period, settings.land), cutOff: cutOffDate(period, settings.land, settings.cutOffRule) };
}
