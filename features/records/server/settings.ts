import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { can } from "@/features/workspaces/permissions";
import type { WorkspaceRoleName } from "@/features/workspaces/schemas";
import { EDITABLE_CLASSES, yearsFor, type EditableClass, type RetentionYears } from "../retention";
import type { RetentionSettingsInput, SocialAuditInput } from "../schemas";

/** The workspace's periods in force, in years, for every class an owner sets (the law's where none is set). */
export async function retentionYears(workspaceId: string): Promise<Record<EditableClass, number>> {
  const rows = await getDb().retentionSetting.findMany({
    where: { workspaceId },
    select: { recordClass: true, years: true },
  });
  const chosen: RetentionYears = {};
  for (const row of rows)
    if ((EDITABLE_CLASSES as readonly string[]).includes(row.recordClass))
      chosen[row.recordClass as EditableClass] = row.years;
  return Object.fromEntries(
    EDITABLE_CLASSES.map((recordClass) => [recordClass, yearsFor(recordClass, chosen)]),
  ) as Record<EditableClass, number>;
}

/** The person's roles in the workspace; a non-member gets 404, a member who is not an owner 403. */
export async function ownerOnly(userId: string, workspaceId: string): Promise<void> {
  const member = await getDb().workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { roles: true },
  });
  if (!member || member.roles.includes("client")) throw new ApiError("not_found");
  if (!can(member.roles as WorkspaceRoleName[], "workspace.manage"))
    throw new ApiError("forbidden", "Only an owner of the workspace may change the retention.");
}

/**
 * An owner sets the periods (validated by the shared schema: never below the law); each change is
 * one audit entry with the old and new years, in the same transaction.
 */
export async function saveRetention(
  actor: AuditActor & { userId: string },
  input: RetentionSettingsInput,
): Promise<Record<EditableClass, number>> {
  const { workspaceId, userId } = actor;
  await ownerOnly(userId, workspaceId);
  const before = await retentionYears(workspaceId);
  const changes: Partial<Record<EditableClass, [number, number]>> = {};
  for (const recordClass of EDITABLE_CLASSES)
    if (before[recordClass] !== input.years[recordClass])
      changes[recordClass] = [before[recordClass], input.years[recordClass]];
  if (Object.keys(changes).length === 0) return before;
  await getDb().$transaction(async (tx) => {
    for (const recordClass of EDITABLE_CLASSES) {
      const years = input.years[recordClass];
      await tx.retentionSetting.upsert({
        where: { workspaceId_recordClass: { workspaceId, recordClass } },
        create: { workspaceId, recordClass, years, updatedBy: userId },
        update: { years, updatedBy: userId },
      });
    }
    await recordAudit(tx, actor, { kind: "records.retention", details: { changes } });
  });
  return retentionYears(workspaceId);
}

/** Each company's last social insurance audit the workspace entered, `YYYY-MM-DD` by company id. */
export async function socialAudits(workspaceId: string): Promise<Map<number, string>> {
  const rows = await getDb().companySocialInsuranceAudit.findMany({ where: { workspaceId } });
  return new Map(rows.map((row) => [row.companyId, row.lastAuditOn.toISOString().slice(0, 10)]));
}

/**
 * An owner enters (or clears, with null) a company's last social insurance audit; audited. The
 * company must be one of the workspace's payroll connections' (else 404, as for a stranger's).
 */
export async function saveSocialAudit(
  actor: AuditActor & { userId: string },
  input: SocialAuditInput,
): Promise<{ lastAuditOn: string | null }> {
  const { workspaceId, userId } = actor;
  await ownerOnly(userId, workspaceId);
  const known = await getDb().payrollCompany.count({
    where: { companyId: input.companyId, connection: { workspaceId } },
  });
  if (known === 0) throw new ApiError("not_found");
  const key = { workspaceId_companyId: { workspaceId, companyId: input.companyId } };
  const before = (await socialAudits(workspaceId)).get(input.companyId) ?? null;
  if (before === input.lastAuditOn) return { lastAuditOn: before };
  await getDb().$transaction(async (tx) => {
    if (input.lastAuditOn === null)
      await tx.companySocialInsuranceAudit.deleteMany({ where: key.workspaceId_companyId });
    else {
      const lastAuditOn = new Date(`${input.lastAuditOn}T00:00:00Z`);
      await tx.companySocialInsuranceAudit.upsert({
        where: key,
        create: { workspaceId, companyId: input.companyId, lastAuditOn, updatedBy: userId },
        update: { lastAuditOn, updatedBy: userId },
      });
    }
    await recordAudit(tx, actor, {
      kind: "records.social_audit",
      companyId: input.companyId,
      details: { from: before, to: input.lastAuditOn },
    });
  });
  return { lastAuditOn: input.lastAuditOn };
}
