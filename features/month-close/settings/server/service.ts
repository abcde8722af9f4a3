import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { proposeFederalState, type FederalState } from "@/features/month-close/checks/federal-states";
import { DEFAULT_COMPANY_HOURS_LIMIT } from "@/features/month-close/checks/tables";
import type { CompanyRecord } from "@/features/payroll/connection/server/companies";
import { companyCheckSettings, type CompanyCheckSettings, type EmployeeCheckSettings } from "./read";
import {
  companySettingsValues,
  employeeSettingsValues,
  type companySettingsInputSchema,
  type employeeSettingsInputSchema,
} from "../schemas";
import type { z } from "zod";

/**
 * Changing the check settings kept in the app. The connection and company must already be ones
 * the person reaches with `payroll.edit` (the route's payrollRoute and companyFromParam); each
 * change is recorded with its old → new values in the transaction that writes it, and a save
 * that changes nothing records nothing.
 */

/** What the company page shows: the confirmed Land, or the one proposed from the postal code. */
export interface CompanySettingsView extends CompanyCheckSettings {
  postalCode: string;
  proposedFederalState: FederalState | null;
}

export async function companySettingsView(connectionId: string, company: CompanyRecord): Promise<CompanySettingsView> {
  const settings = await companyCheckSettings(connectionId, company.id);
  const postalCode = company.address.postal_code;
  return { ...settings, postalCode, proposedFederalState: proposeFederalState(postalCode) };
}

type Change = [string | number | null, string | number | null];

function changesOf(
  before: Record<string, string | number | null>,
  after: Record<string, string | number | null>,
): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const [field, value] of Object.entries(after)) {
    if (before[field] !== value) changes[field] = [before[field] ?? null, value];
  }
  return changes;
}

export async function saveCompanyCheckSettings(
  actor: AuditActor | null,
  connectionId: string,
  companyId: number,
  input: z.output<typeof companySettingsInputSchema>,
): Promise<CompanyCheckSettings> {
  const next = companySettingsValues(input);
  return getDb().$transaction(async (tx) => {
    // The row lock keeps two saves at once from recording the same old value.
    const [row] = await tx.$queryRaw<{ federal_state: string | null; monthly_hours_limit: string }[]>`
      SELECT federal_state, monthly_hours_limit::text FROM payroll_company_settings
      WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} FOR UPDATE`;
    const before = {
      federalState: row?.federal_state ?? null,
      monthlyHoursLimit: row ? Number(row.monthly_hours_limit) : DEFAULT_COMPANY_HOURS_LIMIT,
    };
    const changes = changesOf(before, next);
    if (Object.keys(changes).length === 0) return next;
    await tx.payrollCompanySettings.upsert({
      where: { connectionId_companyId: { connectionId, companyId } },
      create: { connectionId, companyId, federalState: next.federalState, monthlyHoursLimit: next.monthlyHoursLimit },
      update: { federalState: next.federalState, monthlyHoursLimit: next.monthlyHoursLimit },
      select: { companyId: true },
    });
    await recordAudit(tx, actor, { kind: "company.check_settings", companyId, details: { changes } });
    return next;
  });
}

/** Saves an employee's settings; the employee must be one the service lists for the company (404 otherwise). */
export async function saveEmployeeCheckSettings(
  actor: AuditActor | null,
  connectionId: string,
  companyId: number,
  employee: { id: number; name: string } | null,
  input: z.output<typeof employeeSettingsInputSchema>,
): Promise<EmployeeCheckSettings> {
  if (!employee) throw new ApiError("not_found", "This company has no such employee.");
  const next = employeeSettingsValues(input);
  const employeeId = employee.id;
  return getDb().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ pay_cap: string | null; monthly_hours_limit: string | null }[]>`
      SELECT pay_cap, monthly_hours_limit::text FROM payroll_employee_settings
      WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} AND employee_id = ${employeeId} FOR UPDATE`;
    const before = {
      payCap: row?.pay_cap ?? null,
      monthlyHoursLimit: row?.monthly_hours_limit == null ? null : Number(row.monthly_hours_limit),
    };
    const changes = changesOf(before, next);
    const saved = { employeeId, ...next };
    if (Object.keys(changes).length === 0) return saved;
    await tx.payrollEmployeeSettings.upsert({
      where: { connectionId_companyId_employeeId: { connectionId, companyId, employeeId } },
      create: { connectionId, companyId, employeeId, payCap: next.payCap, monthlyHoursLimit: next.monthlyHoursLimit },
      update: { payCap: next.payCap, monthlyHoursLimit: next.monthlyHoursLimit },
      select: { employeeId: true },
    });
    await recordAudit(tx, actor, {
      kind: "employee.check_settings",
      companyId,
      subjectId: String(employeeId),
      // By id only: a name in an append-only row could never be erased (docs/erasure.md).
      details: { employeeId, changes },
    });
    return saved;
  });
}
