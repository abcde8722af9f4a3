import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both.
 */
export const auditRoutes = {
  export: { method: "GET", path: "/api/audit/export", response: "file" },
  verify: { method: "GET", path: "/api/audit/verify" },
} as const satisfies RoutesTable;
