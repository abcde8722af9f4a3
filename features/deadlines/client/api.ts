import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { deadlinesContract } from "../contract";

/** How the browser calls each route of ../contract.ts (lib/http/contract.test.ts compares the two). */
export const deadlinesRoutes = {
  yearDeadlines: { method: "GET", path: "/api/deadlines" },
  setWorkspaceCutOff: { method: "PUT", path: "/api/workspaces/:workspaceId/cut-off", body: true },
  setCompanyDeadlineSettings: { method: "PUT", path: "/api/payroll/companies/:companyId/deadline-settings", body: true },
  resetCalendarFeed: { method: "POST", path: "/api/calendar-feed/reset" },
  calendarFeed: { method: "GET", path: "/api/calendar/:token", response: "file" },
} as const satisfies RouteTable<typeof deadlinesContract>;

/** The deadlines' routes as typed calls (lib/http/client/api-client.ts). */
export const deadlinesApi = contractClient<typeof deadlinesContract>(deadlinesRoutes);
