import type { WorkspaceRoleName } from "./schemas";

/**
 * What each role of a workspace may do: the one table every check reads (routes, server actions,
 * pages that hide what a person may not do). Browser-safe (no database).
 *
 * | permission          | owner | clerk | approver | viewer |
 * |---------------------|-------|-------|----------|--------|
 * | `payroll.read`      |   ✓   |   ✓   |    ✓     |   ✓    |  companies, employees, drafts, imports, history, reference lists (and refreshing them from the service)
 * | `payroll.edit`      |   ✓   |   ✓   |          |        |  onboard and import employees, edit drafts, transfer
 * | `payroll.approve`   |   ✓   |       |    ✓     |        |  month close: approve and reopen a month (submitting is `payroll.edit`; lib/month-close/states.ts)
 * | `payroll.manage`    |   ✓   |       |          |        |  connect another customer, disconnect, delete all payroll data
 * | `workspace.read`    |   ✓   |   ✓   |    ✓     |   ✓    |  the workspace's members
 * | `workspace.manage`  |   ✓   |       |          |        |  members, roles, invitations, settings
 *
 * An approver alone reads and approves; a person who should also prepare the month holds both
 * `clerk` and `approver`. A person holding several roles may do what any of them may.
 */
export const PERMISSIONS = {
  "payroll.read": ["owner", "clerk", "approver", "viewer"],
  "payroll.edit": ["owner", "clerk"],
  "payroll.approve": ["owner", "approver"],
  "payroll.manage": ["owner"],
  "workspace.read": ["owner", "clerk", "approver", "viewer"],
  "workspace.manage": ["owner"],
} as const satisfies Record<string, readonly WorkspaceRoleName[]>;

export type Permission = keyof typeof PERMISSIONS;

/** The roles that grant a permission: for a query's `roles: { hasSome: rolesFor(...) }`. */
export function rolesFor(permission: Permission): WorkspaceRoleName[] {
  return [...PERMISSIONS[permission]];
}

/** Whether a person holding these roles may do this (for what a page shows; the query decides). */
export function can(roles: readonly WorkspaceRoleName[] | null | undefined, permission: Permission): boolean {
  const granted: readonly WorkspaceRoleName[] = PERMISSIONS[permission];
  return (roles ?? []).some((role) => granted.includes(role));
}
