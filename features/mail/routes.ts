import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const mailRoutes = {
  // Kept as it is: mails already sent carry this address in their List-Unsubscribe header (ADR 0240).
  unsubscribe: { method: "POST", path: "/api/mail/unsubscribe/:token" },
} as const satisfies RoutesTable;
