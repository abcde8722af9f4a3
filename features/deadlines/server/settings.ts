import "server-only";
import type { z } from "zod";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import type { CutOffRule, Land } from "../deadlines";
import {
  companyDeadlineValues,
  isLand,
  storedCutOffRule,
  workspaceCutOffValue,
  type companyDeadlineInputSchema,
  type workspaceCutOffInputSchema,
} from "../schemas";
import { companyDeadlineSettings, workspaceCutOffRule, type CompanyDeadlineSettings } from "./company-deadlines";

/**
 * Changing the deadline settings: the workspace's default cut-off (owners) and a company's own
 * Land and cut-off (whoever may edit the company's check settings, `payroll.edit`, checked by the
 * route before). Each change is recorded with its old → new values in the transaction that
 * writes it; a save that changes nothing records nothing.
 */

export interface WorkspaceCutOffView {
  /** The owner's rule, or null while the default applies. */
  setting: CutOffRule | null;
  effective: CutOffRule;
}

export async function workspaceCutOffView(workspaceId: string): Promise<WorkspaceCutOffView> {
  const row = await getDb().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { cutOffRule: true } });
  const setting = storedCutOffRule(row.cutOffRule);
  return { setting, effective: workspaceCutOffRule(setting) };
}

/** An owner sets the workspace's cut-off. Authorized in the query: a non-member gets 404, a member who is not an owner 403. */
export async function setWorkspaceCutOff(
  person: { userId: string; name: string | null },
  workspaceId: string,
  input: z.output<typeof workspaceCutOffInputSchema>,
): Promise<WorkspaceCutOffView> {
  const next = workspaceCutOffValue(input);
  await getDb().$transaction(async (tx) => {
    const member = await tx.workspaceMember.findUnique({
      where: { workspaceId_userId: { workspaceId, userId: person.userId } },
      select: { roles: true, workspace: { select: { cutOffRule: true } } },
    });
    if (!member) throw new ApiError("not_found");
    if (!member.roles.includes("owner"))
      throw new ApiError("forbidden", "Only an owner of the workspace may change its cut-off.");
    const [row] = await tx.$queryRaw<
      { cut_off_rule: unknown }[]
    >`SELECT cut_off_rule FROM workspaces WHERE id = ${workspaceId}::uuid FOR UPDATE`;
    const before = storedCutOffRule(row?.cut_off_rule ?? null);
    if (before && sameRule(before, next)) return;
    await tx.workspace.update({ where: { id: workspaceId }, data: { cutOffRule: next }, select: { id: true } });
    const actor: AuditActor = { workspaceId, userId: person.userId, name: person.name };
    await recordAudit(tx, actor, { kind: "workspace.cut_off_rule", details: { from: before, to: next } });
  });
  return workspaceCutOffView(workspaceId);
}

function sameRule(a: CutOffRule | null, b: CutOffRule | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What the company page shows: the company's own settings, what they fall back to, and what counts. */
export interface CompanyDeadlineView {
  land: Land | null;
  cutOffRule: CutOffRule | null;
  checkSettingsLand: Land | null;
  workspaceRule: CutOffRule;
  effective: CompanyDeadlineSettings;
}

export async function companyDeadlineView(connectionId: string, companyId: number): Promise<CompanyDeadlineView> {
  const db = getDb();
  const [own, check, connection, effective] = await Promise.all([
    db.payrollCompanyDeadlineSettings.findUnique({ where: { connectionId_companyId: { connectionId, companyId } } }),
    db.payrollCompanySettings.findUnique({
      where: { connectionId_companyId: { connectionId, companyId } },
      select: { federalState: true },
    }),
    db.payrollConnection.findUniqueOrThrow({
      where: { id: connectionId },
      select: { workspace: { select: { cutOffRule: true } } },
    }),
    companyDeadlineSettings(db, connectionId, [companyId]),
  ]);
  const landOf = (value: string | null | undefined) => (value && isLand(value) ? value : null);
  return {
    land: landOf(own?.land),
    cutOffRule: storedCutOffRule(own?.cutOffRule ?? null),
    checkSettingsLand: landOf(check?.federalState),
    workspaceRule: workspaceCutOffRule(connection.workspace.cutOffRule),
    effective: effective.get(companyId)!,
  };
}

export async function saveCompanyDeadlineSettings(
  actor: AuditActor | null,
  connectionId: string,
  companyId: number,
  input: z.output<typeof companyDeadlineInputSchema>,
): Promise<CompanyDeadlineView> {
  const next = companyDeadlineValues(input);
  await getDb().$transaction(async (tx) => {
    // The row lock keeps two saves at once from recording the same old value.
    const [row] = await tx.$queryRaw<{ land: string | null; cut_off_rule: unknown }[]>`
      SELECT land, cut_off_rule FROM payroll_company_deadline_settings
      WHERE connection_id = ${connectionId}::uuid AND company_id = ${companyId} FOR UPDATE`;
    const before = { land: row?.land ?? null, cutOffRule: storedCutOffRule(row?.cut_off_rule ?? null) };
    const changes: Record<string, [unknown, unknown]> = {};
    if (before.land !== next.land) changes.land = [before.land, next.land];
    if (!sameRule(before.cutOffRule, next.cutOffRule)) changes.cutOffRule = [before.cutOffRule, next.cutOffRule];
    if (Object.keys(changes).length === 0) return;
    const data = { land: next.land, cutOffRule: next.cutOffRule ?? Prisma.DbNull };
    await tx.payrollCompanyDeadlineSettings.upsert({
      where: { connectionId_companyId: { connectionId, companyId } },
      create: { connectionId, companyId, ...data },
      update: data,
      select: { companyId: true },
    });
    await recordAudit(tx, actor, { kind: "company.deadline_settings", companyId, details: { changes } });
  });
  return companyDeadlineView(connectionId, companyId);
}
