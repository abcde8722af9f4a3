import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const accountLinkingRoutes = {
  addSignInEmail: { method: "POST", path: "/api/account/email", body: true },
  verifySignInEmail: { method: "POST", path: "/api/account/email/verify", body: true },
  confirmLink: { method: "POST", path: "/api/account/links/:linkId/confirm" },
  cancelLink: { method: "POST", path: "/api/account/links/:linkId/cancel" },
} as const satisfies RoutesTable;
