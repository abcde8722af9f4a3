import "server-only";
import { WORKSPACE_ROLES, type InvitationState, type WorkspaceRoleName } from "../schemas";

/** How an invitation reads, for its owners and for whoever opens its link: its state, roles and people. */

export function personName(person: { displayName: string | null; email: string | null } | null): string | null {
  return person ? (person.displayName ?? person.email ?? "—") : null;
}

export function ordered(roles: readonly string[]): WorkspaceRoleName[] {
  return WORKSPACE_ROLES.filter((role) => roles.includes(role));
}

export function stateOf(
  row: { revokedAt: Date | null; usedAt: Date | null; expiresAt: Date },
  now = Date.now(),
): InvitationState {
  if (row.revokedAt) return "revoked";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now) return "expired";
  return "open";
}

/** E-mail addresses are compared without case and surrounding spaces (as people type them). */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}
