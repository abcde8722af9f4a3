import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const monthCloseRoutes = {
  get: { method: "GET", path: "/api/month-close/:companyId" },
  act: { method: "POST", path: "/api/month-close/:companyId", body: true },
  versions: { method: "GET", path: "/api/month-close/:companyId/versions" },
  acknowledge: { method: "POST", path: "/api/month-close/:companyId/acknowledgements", body: true },
  setFourEyes: { method: "PUT", path: "/api/workspaces/:workspaceId/four-eyes", body: true },
  setCompanySettings: { method: "PUT", path: "/api/month-close/:companyId/check-settings", body: true },
  setEmployeeSettings: {
    method: "PUT",
    path: "/api/month-close/:companyId/employees/:employeeId/check-settings",
    body: true,
  },
} as const satisfies RoutesTable;
