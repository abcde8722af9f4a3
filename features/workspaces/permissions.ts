import type { WorkspaceRoleName } from "./schemas";

/**
 * What each role of a workspace may do: the one table every check reads (routes, server actions,
 * pages that hide what a person may not do). Browser-safe (no database).
 *
 * | permission           | owner | clerk | approver | viewer | client |
 * |----------------------|-------|-------|----------|--------|--------|
 * | `payroll.read`       |   ✓   |   ✓   |    ✓     |   ✓    |        |  companies, employees, drafts, imports, history, reference lists (and refreshing them from the service)
 * | `payroll.edit`       |   ✓   |   ✓   |          |        |        |  onboard and import employees, edit drafts, transfer
 * | `payroll.approve`    |   ✓   |       |    ✓     |        |        |  month close: approve and reopen a month (submitting is `payroll.edit`; features/month-close/states.ts)
 * | `payroll.transfer`   |   ✓   |   ✓   |    ✓     |        |        |  the month's last step: Transfer, Export for DATEV (one month or many from the overview; features/month-close/states.ts `transfer`)
 * | `payroll.manage`     |   ✓   |       |          |        |        |  connect another customer, disconnect, delete all payroll data
 * | `payroll.read_own`   |       |       |          |        |   ✓    |  the hours and payments grids of the client's own companies: drafts, stream, presence, checks, month status
 * | `payroll.enter_own`  |       |       |          |        |   ✓    |  enter hours and payments into those grids (save the draft, import a file into it)
 * | `workspace.read`     |   ✓   |   ✓   |    ✓     |   ✓    |        |  the workspace's members, its audit trail, the overview
 * | `workspace.manage`   |   ✓   |       |          |        |        |  members, roles, invitations, settings
 *
 * An approver alone reads and approves; a person who should also prepare the month holds both
 * `clerk` and `approver`. A person holding several roles may do what any of them may.
 *
 * `client` is the firm's client (the employer) and holds no other role (features/workspaces/schemas.ts).
 * Its `*_own` permissions reach only the companies listed for that member in
 * workspace_member_companies, and only where a route or page opens itself to clients
 * (features/payroll/server/access.ts `payrollFor`'s `own`): the query requires the company row.
 */
export const PERMISSIONS = {
  "payroll.read": ["owner", "clerk", "approver", "viewer"],
  "payroll.edit": ["owner", "clerk"],
  "payroll.approve": ["owner", "approver"],
  "payroll.transfer": ["owner", "clerk", "approver"],
  "payroll.manage": ["owner"],
  "payroll.read_own": ["client"],
  "payroll.enter_own": ["client"],
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

/** The permissions a client holds: they reach only their own companies (see the table). */
export type OwnPermission = "payroll.read_own" | "payroll.enter_own";

/** The firm's roles (everyone but a client): whoever holds one reaches every company of the workspace. */
export const FIRM_ROLES = ["owner", "clerk", "approver", "viewer"] as const satisfies readonly WorkspaceRoleName[];

/** Whether the person's roles make them the firm's client in this workspace (what the header and landing show). */
export function isClient(roles: readonly WorkspaceRoleName[] | null | undefined): boolean {
  return (roles ?? []).includes("client");
}
