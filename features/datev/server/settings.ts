import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import { getDb, queryPrepared } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import type { CompanyDatevValues } from "../settings/schemas";
import type { employeeDatevInputSchema, workspaceWageTypesInputSchema } from "../settings/schemas";
import {
  effectiveWageTypes,
  programOf,
  readWageTypes,
  settingChanges,
  targetOf,
  type CompanyDatevSettings,
} from "../settings/stored";
import type { WageTypeMapping } from "../settings/wage-types";
import type { z } from "zod";

/**
 * The DATEV settings kept in the app: reading them (no row: the defaults) and changing them, each
 * change recorded [old, new] in the transaction that writes it (a save that changes nothing records
 * nothing). The connection must already be one the person reaches (the routes' payrollRoute): these
 * read and write by its id, they do not authorize.
 */

export async function workspaceWageTypes(workspaceId: string): Promise<Record<string, WageTypeMapping>> {
  const row = await getDb().datevWorkspaceDefaults.findUnique({ where: { workspaceId } });
  return readWageTypes(row?.wageTypes);
}

/** A prepared statement on the pool: read for every month a bulk export makes (Prisma's own work costs more). */
const COMPANY_SETTINGS = {
  name: "datev_company_settings_of",
  text: `SELECT consultant_number AS "consultantNumber", client_number AS "clientNumber", program, target,
                wage_types AS "wageTypes"
           FROM datev_company_settings WHERE connection_id = $1::uuid AND company_id = $2`,
};

const PERSONNEL_NUMBERS = {
  name: "datev_personnel_numbers_of",
  text: `SELECT employee_id AS "employeeId", personnel_number AS "personnelNumber"
           FROM datev_employee_settings WHERE connection_id = $1::uuid AND company_id = $2`,
};

/**
 * The company's settings, its wage types over the firm's defaults (`defaults`: as the caller read
 * them for many companies at once, a bulk export's run; else read here).
 */
export async function companyDatevSettings(
  workspaceId: string,
  connectionId: string,
  companyId: number,
  defaults?: Record<string, WageTypeMapping>,
): Promise<CompanyDatevSettings> {
  const [[row], firmDefaults] = await Promise.all([
    queryPrepared<{
      consultantNumber: number | null;
      clientNumber: number | null;
      program: string;
      target: string;
      wageTypes: unknown;
    }>(COMPANY_SETTINGS, [connectionId, companyId]),
    defaults ?? workspaceWageTypes(workspaceId),
  ]);
  return {
    consultantNumber: row?.consultantNumber ?? null,
    clientNumber: row?.clientNumber ?? null,
    program: programOf(row?.program),
    target: targetOf(row?.target),
    wageTypes: effectiveWageTypes(readWageTypes(row?.wageTypes), firmDefaults),
  };
}

/** The company's employees' personnel numbers that are set (the others: their service id). */
export async function personnelNumbers(connectionId: string, companyId: number): Promise<Map<number, number>> {
  const rows = await queryPrepared<{ employeeId: number; personnelNumber: number }>(PERSONNEL_NUMBERS, [
    connectionId,
    companyId,
  ]);
  return new Map(rows.map((row) => [row.employeeId, row.personnelNumber]));
}

/** Months approved and not yet gone: their target may not change under them. */
const APPROVED_STATES = ["approved", "transfer_unclear", "waiting_for_pay_run"] as const;

export async function saveCompanyDatevSettings(
  actor: AuditActor | null,
  connectionId: string,
  companyId: number,
  next: CompanyDatevValues,
): Promise<CompanyDatevSettings> {
  const workspaceId = actor?.workspaceId ?? "";
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM datev_company_settings
      WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} FOR UPDATE`;
    const before = await companyDatevSettings(workspaceId, connectionId, companyId);
    if (before.target !== next.target) {
      const approved = await tx.monthClose.findFirst({
        where: { connectionId, companyId, state: { in: [...APPROVED_STATES] } },
        select: { period: true },
      });
      if (approved)
        throw new ApiError(
          "month_state",
          `The month ${approved.period} is approved for ${before.target === "datev" ? "DATEV" : "the payroll service"}: its target cannot change now. Transfer or export it, or reopen it, first.`,
          { extra: { period: approved.period } },
        );
    }
    const changes = settingChanges({ ...before }, { ...next });
    const saved: CompanyDatevSettings = { ...next, wageTypes: { ...before.wageTypes, ...next.wageTypes } };
    if (Object.keys(changes).length === 0) return saved;
    const data = {
      consultantNumber: next.consultantNumber,
      clientNumber: next.clientNumber,
      program: next.program,
      target: next.target,
      wageTypes: next.wageTypes,
    };
    await tx.datevCompanySettings.upsert({
      where: { connectionId_companyId: { connectionId, companyId } },
      create: { connectionId, companyId, ...data },
      update: data,
      select: { companyId: true },
    });
    await recordAudit(tx, actor, { kind: "company.datev_settings", companyId, details: { changes } });
    return saved;
  });
}

/**
 * An employee's personnel number ("" back to the default, the service's id). The employee must be
 * one of the company's (`employees`: the service's list; 404 otherwise), and the number unique
 * among the company's employees' effective numbers (their own, or their service id): 422 with the
 * field's error `taken` otherwise. Changes of one company's numbers run one at a time.
 */
export async function saveEmployeeDatevSettings(
  actor: AuditActor | null,
  connectionId: string,
  companyId: number,
  employees: readonly { id: number; name: string }[],
  employeeId: number,
  input: z.output<typeof employeeDatevInputSchema>,
): Promise<{ employeeId: number; personnelNumber: number }> {
  const employee = employees.find((candidate) => candidate.id === employeeId);
  if (!employee) throw new ApiError("not_found", "This company has no such employee.");
  const key = { connectionId_companyId_employeeId: { connectionId, companyId, employeeId } };
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`datev-pnr:${connectionId}:${companyId}`}))::text`;
    const rows = await tx.datevEmployeeSettings.findMany({ where: { connectionId, companyId } });
    const own = new Map(rows.map((row) => [row.employeeId, row.personnelNumber]));
    const before = own.get(employeeId) ?? null;
    const after = input.personnelNumber;
    const effective = after ?? employeeId;
    const holder = employees.find((other) => other.id !== employeeId && (own.get(other.id) ?? other.id) === effective);
    if (holder)
      throw new ApiError("invalid", `The personnel number ${effective} is already ${holder.name}'s.`, {
        fields: { personnelNumber: "taken" },
      });
    const saved = { employeeId, personnelNumber: effective };
    if (before === after) return saved;
    if (after === null) await tx.datevEmployeeSettings.delete({ where: key });
    else
      await tx.datevEmployeeSettings.upsert({
        where: key,
        create: { connectionId, companyId, employeeId, personnelNumber: after },
        update: { personnelNumber: after },
        select: { employeeId: true },
      });
    await recordAudit(tx, actor, {
      kind: "employee.datev_settings",
      companyId,
      subjectId: String(employeeId),
      // By id only: a name in an append-only row could never be erased (docs/erasure.md).
      details: { employeeId, changes: { personnelNumber: [before, after] } },
    });
    return saved;
  });
}

/** The firm's default mapping (owners, /settings/workspace). */
export async function saveWorkspaceWageTypes(
  actor: AuditActor & { workspaceId: string },
  input: z.output<typeof workspaceWageTypesInputSchema>,
): Promise<Record<string, WageTypeMapping>> {
  const workspaceId = actor.workspaceId;
  return getDb().$transaction(async (tx) => {
    const row = await tx.datevWorkspaceDefaults.findUnique({ where: { workspaceId } });
    const before = readWageTypes(row?.wageTypes);
    const changes = settingChanges({ wageTypes: before }, { wageTypes: input.wageTypes });
    if (Object.keys(changes).length === 0) return before;
    await tx.datevWorkspaceDefaults.upsert({
      where: { workspaceId },
      create: { workspaceId, wageTypes: input.wageTypes },
      update: { wageTypes: input.wageTypes },
      select: { workspaceId: true },
    });
    await recordAudit(tx, actor, { kind: "workspace.datev_wage_types", details: { changes } });
    return input.wageTypes;
  });
}
