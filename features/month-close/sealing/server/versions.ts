import "server-only";
import { restrictedEmployees } from "@/features/records/erasure/server/restricted";
import { getDb } from "@/lib/db/client";
import { diffVersions } from "../diff";
import { textMatches } from "../snapshot";
import type { SealedVersionView } from "../view";
import { readSealedVersions } from "./read-sealed-month";

/**
 * The `Versions` of a company's sealed months as the page shows them. Names are resolved now, from
 * where they live (the approver's user row; the reason from the texts kept beside the snapshot),
 * never from the sealed content: an erased name or text reads as erased, the version still verifies.
 */
export async function sealedVersionsView(connectionId: string, companyId: number): Promise<SealedVersionView[]> {
  const versions = await readSealedVersions(connectionId, companyId);
  if (versions.length === 0) return [];
  const ids = versions.map((version) => version.id);
  const approvers = [...new Set(versions.map((version) => version.sealedById).filter((id): id is string => !!id))];
  const [users, texts] = await Promise.all([
    getDb().user.findMany({ where: { id: { in: approvers } }, select: { id: true, displayName: true, email: true } }),
    getDb().sealedMonthText.findMany({ where: { sealedMonthId: { in: ids }, ref: "reopen_reason" } }),
  ]);
  const names = new Map(users.map((user) => [user.id, user.displayName ?? user.email ?? null]));
  const reasons = new Map(texts.map((text) => [text.sealedMonthId, text]));
  return versions.map((version) => {
    // The version before it of the same month (versions come newest first per month).
    const previous = versions.find(
      (other) => other.content.period === version.content.period && other.version === version.version - 1,
    );
    const reopening = version.content.reopening;
    const kept = reasons.get(version.id);
    return {
      id: version.id,
      period: version.content.period,
      version: version.version,
      hash: version.hash,
      intact: version.intact,
      sealedAt: version.sealedAt.toISOString(),
      sealedBy: version.sealedById ? (names.get(version.sealedById) ?? null) : null,
      sealedAtMigration: version.sealedAtMigration,
      reason: !reopening ? null : kept && textMatches(reopening.reason, kept) ? { text: kept.text } : { text: null },
      changes: previous ? diffVersions(previous.content.lines, version.content.lines) : null,
    };
  });
}

/**
 * The company page's `Versions`: the versions and the employees' names as the payroll service has
 * them now (none when it cannot be read: the changes then name employees by id).
 */
export async function companyVersions(
  connectionId: string,
  companyId: number,
  listEmployees: () => Promise<readonly { id: number; first_name: string; last_name: string }[]>,
): Promise<{
  versions: SealedVersionView[];
  employeeNames: Record<number, string>;
  restrictedOn: Record<number, string>;
}> {
  const [versions, employees, restricted] = await Promise.all([
    sealedVersionsView(connectionId, companyId),
    listEmployees().catch(() => []),
    restrictedEmployees(connectionId, companyId),
  ]);
  const employeeNames = Object.fromEntries(
    employees.map((employee) => [employee.id, `${employee.first_name} ${employee.last_name}`.trim()]),
  );
  // Employees under an erasure request stay readable in the versions that hold them, marked (docs/erasure.md).
  return { versions, employeeNames, restrictedOn: Object.fromEntries(restricted) };
}
