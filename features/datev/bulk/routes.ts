import type { RoutesTable } from "@/lib/http/contract";

/**
 * The bulk export's routes (./contract.ts adds the schemas, ./server/handlers.ts the handlers,
 * `npm run generate:routes` writes app/api/…/route.ts, ./client/api.ts calls them).
 */
export const datevBulkRoutes = {
  start: { method: "POST", path: "/api/datev/bulk-exports", body: true },
  read: { method: "GET", path: "/api/datev/bulk-exports/:bulkExportId" },
  zip: { method: "GET", path: "/api/datev/bulk-exports/:bulkExportId/zip", response: "file" },
} as const satisfies RoutesTable;
