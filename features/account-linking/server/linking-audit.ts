import "server-only";
import { recordPersonal } from "@/features/sign-in/server/sign-in-audit";

/**
 * Adding a sign-in e-mail and linking an accounting account are the person's own business, like
 * their sign-ins: recorded in their personal workspace (features/sign-in/server/sign-in-audit.ts).
 */
export type LinkingChange =
  | { kind: "account.email_added"; email: string }
  | { kind: "account.linked"; accountingName: string | null; email: string | null }
  | { kind: "account.link_cancelled"; accountingName: string | null };

export function recordLinkingChange(userId: string, change: LinkingChange): Promise<void> {
  const { kind, ...details } = change;
  return recordPersonal(userId, true, { kind, subjectId: null, details });
}
