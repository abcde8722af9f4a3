import "server-only";
import { serverEnv } from "@/lib/env/server";

/**
 * Who the passkeys are for: the app's public address (NEXTAUTH_URL) decides the relying party
 * id (its host name) and the one origin an answer may come from. A passkey made for one address
 * works only there (a staging and a production address have separate passkeys).
 */
export function relyingParty(): { id: string; origin: string; name: string } {
  const url = new URL(serverEnv().NEXTAUTH_URL);
  return { id: url.hostname, origin: url.origin, name: "Ledgerlane" };
}
