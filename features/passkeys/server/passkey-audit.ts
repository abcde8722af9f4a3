import "server-only";
import { recordPersonal } from "@/features/sign-in/server/sign-in-audit";

/**
 * A person's passkeys are their own business, not a firm's: added, renamed and removed ones go
 * to the person's personal workspace's trail, as sign-ins do (features/sign-in/server/sign-in-audit.ts).
 */
export type PasskeyChange =
  | { kind: "passkey.added"; passkeyId: string; name: string }
  | { kind: "passkey.renamed"; passkeyId: string; name: string; from: string }
  | { kind: "passkey.removed"; passkeyId: string; name: string };

export function recordPasskeyChange(userId: string, change: PasskeyChange): Promise<void> {
  const { kind, passkeyId, ...rest } = change;
  return recordPersonal(userId, true, { kind, subjectId: passkeyId, details: { passkeyId, ...rest } });
}
