import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { passkeysContract } from "../contract";

/** How the browser calls each route of ../contract.ts (lib/http/contract.test.ts compares the two). */
export const passkeysRoutes = {
  listPasskeys: { method: "GET", path: "/api/passkeys" },
  registrationOptions: { method: "POST", path: "/api/passkeys/registration-options" },
  addPasskey: { method: "POST", path: "/api/passkeys", body: true },
  renamePasskey: { method: "PATCH", path: "/api/passkeys/:passkeyId", body: true },
  removePasskey: { method: "DELETE", path: "/api/passkeys/:passkeyId" },
  setPasskeyRequirement: { method: "PUT", path: "/api/workspaces/:workspaceId/passkey-requirement", body: true },
  signInOptions: { method: "POST", path: "/api/sign-in/passkey/options" },
  signInWithPasskey: { method: "POST", path: "/api/sign-in/passkey", body: true },
} as const satisfies RouteTable<typeof passkeysContract>;

/** Passkeys as typed calls (lib/http/client/api-client.ts). */
export const passkeysApi = contractClient<typeof passkeysContract>(passkeysRoutes);
