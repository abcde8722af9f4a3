import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const passkeysRoutes = {
  listPasskeys: { method: "GET", path: "/api/passkeys" },
  registrationOptions: { method: "POST", path: "/api/passkeys/registration-options" },
  addPasskey: { method: "POST", path: "/api/passkeys", body: true },
  renamePasskey: { method: "PATCH", path: "/api/passkeys/:passkeyId", body: true },
  removePasskey: { method: "DELETE", path: "/api/passkeys/:passkeyId" },
  setPasskeyRequirement: { method: "PUT", path: "/api/workspaces/:workspaceId/passkey-requirement", body: true },
  signInOptions: { method: "POST", path: "/api/sign-in/passkey/options" },
  signInWithPasskey: { method: "POST", path: "/api/sign-in/passkey", body: true },
} as const satisfies RoutesTable;
